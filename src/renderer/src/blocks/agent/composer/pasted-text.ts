/** A paste longer than this many lines, or characters, is shown as a chip, not in full. */
export const LONG_PASTE_LINES = 5;
export const LONG_PASTE_CHARS = 800;

export function lineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}

export function isLongPaste(text: string): boolean {
  return lineCount(text) > LONG_PASTE_LINES || text.length > LONG_PASTE_CHARS;
}

/** A pasted text that the box shows as its label, sent in the label's place. */
export interface Paste {
  label: string;
  text: string;
}

/** "[Pasted 12 lines]", numbered when the box already holds that label. */
export function pasteLabel(text: string, box: string): string {
  const lines = lineCount(text);
  const base = `Pasted ${lines} ${lines === 1 ? 'line' : 'lines'}`;
  for (let n = 1; ; n++) {
    const label = n === 1 ? `[${base}]` : `[${base} #${n}]`;
    if (!box.includes(label)) return label;
  }
}

/** The pastes whose label is still in the box, in the order they appear there. */
export function pastesIn(box: string, pastes: readonly Paste[]): Paste[] {
  return pastes
    .filter((paste) => box.includes(paste.label))
    .sort((a, b) => box.indexOf(a.label) - box.indexOf(b.label));
}

/** What is sent: each label replaced by its text, once (a label typed twice stays text). */
export function expandPastes(box: string, pastes: readonly Paste[]): string {
  return pastes.reduce((text, paste) => text.replace(paste.label, () => paste.text), box);
}
