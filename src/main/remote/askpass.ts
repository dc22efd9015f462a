import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { posixQuote } from '../../shared/posix-quote';

/**
 * A question ssh asks (a password, a key's passphrase, whether to trust an unknown host key, with
 * its fingerprint), in ssh's own words. The answer is what the user typed; null cancels, and ssh
 * then gives up that way of logging in (or the connection, for a host key).
 */
export type Ask = (question: AskpassQuestion, signal: AbortSignal) => Promise<string | null>;

/**
 * What ssh asks: its prompt, the host the asking ssh was started for, and ssh's own hint of what
 * kind of answer it wants (`SSH_ASKPASS_PROMPT`: `confirm` for yes or no, `none` for a notice
 * such as "touch your security key", which ssh ends itself by killing the program).
 */
export interface AskpassQuestion {
  prompt: string;
  host: string;
  hint: string;
}

/** Set in ssh's environment by whoever runs it: the host its questions are about. */
export const ASKPASS_HOST_VARIABLE = 'TETHER_ASKPASS_HOST';

export interface AskpassBridge {
  /** For ssh's environment: every question goes to `ask`, whatever terminal ssh runs in. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Longer than any prompt ssh writes; a peer sending more is not ssh's askpass. */
const MAX_REQUEST = 64 * 1024;

/**
 * The program ssh runs for each question (SSH_ASKPASS): it sends the question and a per-run token
 * over a Unix socket in the private folder and prints the answer, or exits 1 to cancel. It is
 * plain Node, run by this app's own executable (Electron as Node), so nothing else need be
 * installed.
 */
const PROGRAM = String.raw`'use strict';
const net = require('node:net');
const socket = net.connect(process.env.TETHER_ASKPASS_SOCKET || '');
let reply = '';
socket.setEncoding('utf8');
socket.on('connect', () => {
  const request = {
    token: process.env.TETHER_ASKPASS_TOKEN,
    prompt: process.argv[2] || '',
    host: process.env.TETHER_ASKPASS_HOST || '',
    hint: process.env.SSH_ASKPASS_PROMPT || '',
  };
  socket.write(JSON.stringify(request) + '\n');
});
socket.on('data', (text) => (reply += text));
socket.on('error', () => process.exit(1));
socket.on('end', () => {
  let answer = null;
  try {
    answer = JSON.parse(reply).answer;
  } catch {}
  if (typeof answer !== 'string') process.exit(1);
  process.stdout.write(answer + '\n', () => process.exit(0));
});
`;

/**
 * Starts the bridge in `dir`, which must be private to this user (`privateDir`): its socket and
 * program live there, and the token keeps out anything else that reaches the socket anyway.
 * `node` is the executable that runs the program: this process's own (Electron runs it as Node).
 */
export async function startAskpass(options: {
  dir: string;
  ask: Ask;
  node?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<AskpassBridge> {
  const token = randomBytes(32);
  const files = askpassFiles({
    dir: options.dir,
    id: randomBytes(4).toString('hex'),
    node: options.node ?? process.execPath,
  });
  const { socketPath, script, program } = files;
  writeFileSync(script, PROGRAM, { mode: 0o600 });
  writeFileSync(program, files.programText, { mode: 0o700 });
  chmodSync(program, 0o700);

  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    const answer = (value: string | null) => socket.end(`${JSON.stringify({ answer: value })}\n`);
    socket.on('data', (text: string) => {
      request += text;
      if (request.length > MAX_REQUEST) return socket.destroy();
      const newline = request.indexOf('\n');
      if (newline === -1) return;
      socket.removeAllListeners('data');
      const parsed = parseRequest(request.slice(0, newline));
      if (!parsed || !sameToken(parsed.token, token)) return answer(null);
      // ssh ends the program itself once a notice is over, or gives up waiting: the question
      // is withdrawn with it.
      const withdrawn = new AbortController();
      socket.on('close', () => withdrawn.abort());
      const { token: _token, ...question } = parsed;
      options.ask(question, withdrawn.signal).then(answer, () => answer(null));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });

  const env: Record<string, string> = {
    SSH_ASKPASS: program,
    // OpenSSH 8.4 and later: the askpass program even where ssh has a terminal (a terminal
    // block's pty), so that every question reaches the dialog.
    SSH_ASKPASS_REQUIRE: 'force',
    TETHER_ASKPASS_SOCKET: socketPath,
    TETHER_ASKPASS_TOKEN: token.toString('hex'),
  };
  // Older OpenSSH use SSH_ASKPASS only with a DISPLAY set (and no terminal).
  if (!(options.env ?? process.env)['DISPLAY']) env['DISPLAY'] = 'tether-askpass:0';
  return {
    env,
    async close() {
      // A question still open is cancelled: its ssh reads end of input.
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const file of [socketPath, script, program]) rmSync(file, { force: true });
    },
  };
}

/** Where the bridge's socket and program go: a Unix socket and a shell script. */
export function askpassFiles(options: { dir: string; id: string; node: string }): {
  socketPath: string;
  script: string;
  program: string;
  programText: string;
} {
  const { dir, id, node } = options;
  const script = join(dir, `askpass-${id}.cjs`);
  return {
    socketPath: join(dir, `askpass-${id}.sock`),
    script,
    program: join(dir, `askpass-${id}`),
    programText: `#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec ${posixQuote(node)} ${posixQuote(script)} "$@"\n`,
  };
}

function parseRequest(line: string): (AskpassQuestion & { token: string }) | null {
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    if (typeof value['token'] !== 'string' || typeof value['prompt'] !== 'string') return null;
    const text = (key: string) => (typeof value[key] === 'string' ? value[key] : '');
    return {
      token: value['token'],
      prompt: value['prompt'],
      host: text('host'),
      hint: text('hint'),
    };
  } catch {
    return null;
  }
}

function sameToken(hex: string, token: Buffer): boolean {
  const given = Buffer.from(hex, 'hex');
  return given.length === token.length && timingSafeEqual(given, token);
}
