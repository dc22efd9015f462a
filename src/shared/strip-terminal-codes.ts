/**
 * Terminal control sequences (CSI such as colours, OSC such as titles and links, and single
 * escapes), as the CLI puts them in text meant for its own terminal UI.
 */
const TERMINAL_CODES =
  // eslint-disable-next-line no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;

/** `text` without its terminal control sequences: what a reader of that terminal would see. */
export function stripTerminalCodes(text: string): string {
  return text.replace(TERMINAL_CODES, '');
}
