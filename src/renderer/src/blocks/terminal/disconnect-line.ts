/**
 * What a remote terminal writes under the old shell's output when its connection dies: the
 * output stays (it may be what the user needs), and the line says where the next shell begins.
 * The dead program's modes are undone first (an alternate screen, mouse reporting, odd colours:
 * a full-screen program never got to undo them), without clearing what is on the screen.
 */
export function disconnectLine(host: string, reason: string): string {
  const words = `${host}: ${reason}`.replace(/[\p{Cc}]+/gu, ' ');
  const undo = '\x1b[?1047l\x1b[!p\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l';
  return `${undo}\r\n\x1b[2m──── Disconnected from ${words} ────\x1b[0m\r\n`;
}
