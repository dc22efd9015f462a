import { Menu, type MenuItemConstructorOptions } from 'electron';
import { findCommand, type CommandId } from '../../shared/commands';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** Whether View offers Toggle Developer Tools (see devToolsAllowed). */
  devTools: boolean;
  /** Runs a Tether command in the window (opening one first where none is). */
  run(command: CommandId): void;
}

const keyNames: Record<string, string> = { Mod: 'CmdOrCtrl' };

/** "Mod+Shift+Enter" as an Electron accelerator. */
function accelerator(keys: string): string {
  return keys
    .split('+')
    .map((part) => keyNames[part] ?? part)
    .join('+');
}

/**
 * The application menu: the platform's standard roles plus Tether's own commands, which the
 * renderer runs. Their shortcuts are shown but left to the renderer, which handles them the same
 * way in browser mode.
 *
 * Off macOS a registered accelerator takes its keys from the page, and the standard roles claim
 * Ctrl+C, Ctrl+V, Ctrl+A, Ctrl+Z, Ctrl+W, Ctrl+M, Ctrl+Q, Ctrl+R and Ctrl+-, which a shell needs.
 * There every registered key has Shift (zoom, quit) or is F11, the clipboard items show the
 * terminal's Ctrl+Shift keys, and the window manager minimizes and closes windows.
 *
 * On macOS the page sees a key before the menu does, and the menu acts only on keys the page left
 * alone: Cmd+A in a terminal is the renderer's "select all", and Cmd+W, which would close the
 * window with every block in it, closes the focused block.
 */
export function appMenuTemplate({
  platform,
  devTools,
  run,
}: AppMenuOptions): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const item = (id: CommandId, keys?: string): MenuItemConstructorOptions => {
    const command = findCommand(id);
    const shown = keys ?? accelerator(command.keys);
    return {
      label: command.title,
      ...(shown ? { accelerator: shown } : {}),
      registerAccelerator: keys !== undefined,
      click: () => run(id),
    };
  };
  const zoom: MenuItemConstructorOptions[] = isMac
    ? [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }]
    : [
        { role: 'resetZoom', accelerator: 'Ctrl+Shift+0' },
        { role: 'zoomIn', accelerator: 'Ctrl+Shift+=' },
        { role: 'zoomOut', accelerator: 'Ctrl+Shift+-' },
      ];
  const developer: MenuItemConstructorOptions[] = devTools
    ? [{ type: 'separator' }, { role: 'toggleDevTools' }]
    : [];
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    {
      label: 'File',
      submenu: [
        item('terminal.new'),
        item('terminal.newBelow'),
        item('agent.new'),
        item('terminal.newOnHost'),
        item('agent.newOnHost'),
        { type: 'separator' },
        isMac ? item('block.close', 'Cmd+W') : item('block.close'),
        item('block.reopen'),
        item('block.rename'),
        { type: 'separator' },
        isMac
          ? { role: 'close', accelerator: 'Cmd+Shift+W' }
          : { role: 'quit', accelerator: 'Ctrl+Shift+Q' },
      ],
    },
    isMac
      ? { role: 'editMenu' }
      : {
          label: 'Edit',
          submenu: [
            { role: 'copy', accelerator: 'Ctrl+Shift+C', registerAccelerator: false },
            { role: 'paste', accelerator: 'Ctrl+Shift+V', registerAccelerator: false },
          ],
        },
    {
      label: 'View',
      submenu: [
        item('palette.open'),
        item('focus.next'),
        item('focus.previous'),
        item('focus.needsYou'),
        item('block.maximize'),
        item('block.grow'),
        item('block.shrink'),
        { type: 'separator' },
        ...zoom,
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...developer,
      ],
    },
    ...(isMac ? [{ role: 'windowMenu' } as const] : []),
  ];
}

export function installAppMenu(options: AppMenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(options)));
}
