import type * as Net from 'node:net';

/** Set in ssh's environment with the bridge: where the program's questions go. */
export const ASKPASS_SOCKET_VARIABLE = 'TETHER_ASKPASS_SOCKET';

/**
 * ssh's askpass program: sends ssh's question (`prompt`, with the host it is about and ssh's
 * hint) and the bridge's token over the socket the environment names, then prints the answer
 * and exits 0, or exits 1 (ssh's "cancelled") on no answer. It runs in Tether's own executable
 * (Electron, started by ssh with the bridge's variables set) or, where Tether runs in a plain
 * Node, as a file of its own made from this function's source: so it uses nothing but its
 * parameters, and no named inner functions (a transform may wrap those in helpers of its own).
 */
export function askpassClient(net: typeof Net, proc: NodeJS.Process, prompt: string): void {
  const env = proc.env;
  const socket = net.connect(env['TETHER_ASKPASS_SOCKET'] ?? '');
  let reply = '';
  socket.setEncoding('utf8');
  socket.on('connect', () => {
    const request = {
      token: env['TETHER_ASKPASS_TOKEN'] ?? '',
      prompt,
      host: env['TETHER_ASKPASS_HOST'] ?? '',
      hint: env['SSH_ASKPASS_PROMPT'] ?? '',
    };
    socket.write(`${JSON.stringify(request)}\n`);
  });
  socket.on('data', (text: string) => (reply += text));
  socket.on('error', () => proc.exit(1));
  socket.on('end', () => {
    let answer: unknown = null;
    try {
      answer = (JSON.parse(reply) as { answer?: unknown }).answer;
    } catch {
      // Not the bridge's reply: cancelled.
    }
    if (typeof answer !== 'string') return proc.exit(1);
    proc.stdout.write(`${answer}\n`, () => proc.exit(0));
  });
}
