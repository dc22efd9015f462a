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
  return `sh -c ${posixQuote(DECODE)} tether ${base64(new TextEncoder().encode(program))}`;
}

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: Uint8Array): string {
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
