// The bench's output: ASCII lines like `ls -lR` or a build log, every fifth one coloured. The
// same function feeds the file `cat` reads and the in-page ceiling, so both get the same bytes.

const words =
  'drwxr-xr-x 2 user staff 4096 Nov 30 09:14 node_modules/@xterm/addon-webgl/lib/renderer.js';

export function* contentChunks(totalBytes: number, lineEnding: '\n' | '\r\n'): Generator<string> {
  let written = 0;
  let line = 0;
  let chunk = '';
  while (written < totalBytes) {
    const text = `${String(line).padStart(8, '0')} ${words.slice(0, 20 + (line % 60))}`;
    const colored = line % 5 === 0 ? `\x1b[1;32m${text}\x1b[0m` : text;
    const full = colored + lineEnding;
    chunk += full;
    // Count file bytes (LF endings) so both sides stop at the same line.
    written += colored.length + 1;
    line++;
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
