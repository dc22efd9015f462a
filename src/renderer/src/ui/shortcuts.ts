// Shortcuts are written as "Mod+Shift+Enter"; Mod is Cmd on macOS and Ctrl elsewhere. Keys are
// matched by physical key (KeyboardEvent.code) so that Shift does not change what "]" means.

export interface Shortcut {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  code: string;
}

const keyCodes: Record<string, string> = {
  Enter: 'Enter',
  Backspace: 'Backspace',
  Escape: 'Escape',
  '[': 'BracketLeft',
  ']': 'BracketRight',
  '.': 'Period',
  ',': 'Comma',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
};

const keyLabels: Record<string, { mac: string; other: string }> = {
  Mod: { mac: '⌘', other: 'Ctrl' },
  Shift: { mac: '⇧', other: 'Shift' },
  Alt: { mac: '⌥', other: 'Alt' },
  Left: { mac: '←', other: 'Left' },
  Right: { mac: '→', other: 'Right' },
  Up: { mac: '↑', other: 'Up' },
  Down: { mac: '↓', other: 'Down' },
  Enter: { mac: '↩', other: 'Enter' },
  Backspace: { mac: '⌫', other: 'Backspace' },
};

export function parseShortcut(text: string): Shortcut {
  const parts = text.split('+');
  const key = parts.at(-1) ?? '';
  const code = keyCodes[key] ?? (/^[A-Z]$/.test(key) ? `Key${key}` : undefined);
  if (!code) throw new Error(`unknown key in shortcut ${text}`);
  return {
    mod: parts.includes('Mod'),
    shift: parts.includes('Shift'),
    alt: parts.includes('Alt'),
    code,
  };
}

export interface KeyLike {
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function matchesShortcut(event: KeyLike, shortcut: Shortcut, isMac: boolean): boolean {
  const mod = isMac ? event.metaKey : event.ctrlKey;
  const otherMod = isMac ? event.ctrlKey : event.metaKey;
  return (
    event.code === shortcut.code &&
    mod === shortcut.mod &&
    !otherMod &&
    event.shiftKey === shortcut.shift &&
    event.altKey === shortcut.alt
  );
}

/** "Ctrl+Shift+Enter" elsewhere, "⌘⇧↩" on macOS. */
export function shortcutLabel(text: string, isMac: boolean): string {
  const labels = text.split('+').map((part) => keyLabels[part]?.[isMac ? 'mac' : 'other'] ?? part);
  return labels.join(isMac ? '' : '+');
}

export const isMacPlatform = (platform: string): boolean =>
  platform === 'darwin' || /^Mac/.test(platform);
