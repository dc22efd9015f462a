import { posixQuote } from './posix-quote';

/**
 * What the remote's `sh` runs: it decodes the rest of the command from base64 (`-D` on older
 * macOS) and evaluates it. ssh hands a command line to the remote user's login shell first, which
 * may be fish (where `\'` ends a quoted word) or tcsh (where a quoted newline is an error): so
 * what that shell reads is this constant, free of backslashes, newlines and `!`, and one word of
 * base64, which every shell reads as itself.
 */
const DECODE = 'eval "$(printf %s "$1" | base64 -d 2>/dev/null || printf %s "$1" | base64 -D)"';

/**
 * The command line that runs `script` with `args` as its positional parameters (`$1`…) in the
 * remote's `sh`, whatever the remote user's login shell, with no argument ever read as code.
 */
export function remoteCommandLine(script: string, args: readonly string[] = []): string {
  const program = `set -- ${args.map(posixQuote).join(' ')}\n${script}`;
  return `sh -c ${posixQuote(DECODE)} tether ${base64(utf8(program))}`;
}

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += DIGITS[(n >> 18) & 63]! + DIGITS[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? DIGITS[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? DIGITS[n & 63]! : '=';
  }
  return out;
}

/** UTF-8 by hand: the shared code has neither Node's Buffer nor the DOM's TextEncoder. */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const c = char.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else {
      bytes.push(
        0xf0 | (c >> 18),
        0x80 | ((c >> 12) & 63),
        0x80 | ((c >> 6) & 63),
        0x80 | (c & 63),
      );
    }
  }
  return bytes;
}
