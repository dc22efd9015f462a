import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { posixQuote } from '../../shared/posix-quote';
import { ASKPASS_SOCKET_VARIABLE, askpassClient } from './askpass-client';

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
 * How ssh starts the askpass program (`SSH_ASKPASS`, always given ssh's prompt as its one
 * argument): Tether's own executable with the bridge's variables set (`app`: its argv before
 * that argument, the app's folder too where Electron runs one unpackaged), which then asks
 * instead of starting the app; or, where Tether runs in a plain Node (browser mode), that Node
 * with a script of the program's own.
 */
export type AskpassRunner = { app: readonly string[] } | { node: string };

/** The program as a file for a plain Node: `askpassClient`'s own source, run on ssh's argument. */
const NODE_PROGRAM = `'use strict';\n(${askpassClient.toString()})(require('node:net'), process, process.argv[2] || '');\n`;

/**
 * Starts the bridge in `dir`, which must be private to this user (`privateDir`): its socket and
 * program live there, and the token keeps out anything else that reaches the socket anyway.
 * `runner` is how ssh starts the program: by default this process's own executable as it runs
 * now (`askpassRunner`).
 */
export async function startAskpass(options: {
  dir: string;
  ask: Ask;
  runner?: AskpassRunner;
  env?: NodeJS.ProcessEnv;
}): Promise<AskpassBridge> {
  const token = randomBytes(32);
  const files = askpassFiles({
    dir: options.dir,
    id: randomBytes(4).toString('hex'),
    runner: options.runner ?? askpassRunner(),
  });
  const { socketPath, script, program } = files;
  if (script) writeFileSync(script, NODE_PROGRAM, { mode: 0o600 });
  if (files.programText !== null) {
    writeFileSync(program, files.programText, { mode: 0o700 });
    chmodSync(program, 0o700);
  }

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
    [ASKPASS_SOCKET_VARIABLE]: socketPath,
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
      for (const file of [socketPath, script, files.programText !== null && program])
        if (file) rmSync(file, { force: true });
    },
  };
}

/** How this process's own executable runs the askpass program (see AskpassRunner). */
export function askpassRunner(proc: NodeJS.Process = process): AskpassRunner {
  if (!proc.versions['electron']) return { node: proc.execPath };
  // Unpackaged (`electron .`), Electron needs the app's folder before the program's argument.
  const app = (proc as { defaultApp?: boolean }).defaultApp ? proc.argv.slice(0, 2) : [];
  return { app: app.length > 0 ? app : [proc.execPath] };
}

/**
 * Where the bridge's socket and program go. The program is a shell script that starts the runner
 * on ssh's argument; on Windows, where a script would be run by cmd (which would read ssh's
 * prompt, text the server chose, as commands), it is the app's executable itself
 * (`programText` null: nothing to write), and Windows has no bridge for a runner that needs more.
 * The socket is a Unix socket, or a named pipe on Windows.
 */
export function askpassFiles(options: {
  dir: string;
  id: string;
  runner: AskpassRunner;
  platform?: NodeJS.Platform;
}): {
  socketPath: string;
  /** The Node runner's script, or null. */
  script: string | null;
  program: string;
  programText: string | null;
} {
  const { dir, id, runner, platform = process.platform } = options;
  if (platform === 'win32') {
    if (!('app' in runner) || runner.app.length !== 1) {
      throw new Error('ssh on Windows can ask only through the packaged app.');
    }
    return {
      socketPath: `\\\\.\\pipe\\tether-askpass-${id}`,
      script: null,
      program: runner.app[0]!,
      programText: null,
    };
  }
  const script = 'node' in runner ? join(dir, `askpass-${id}.cjs`) : null;
  const argv = 'node' in runner ? [runner.node, script!] : runner.app;
  return {
    socketPath: join(dir, `askpass-${id}.sock`),
    script,
    program: join(dir, `askpass-${id}`),
    programText: `#!/bin/sh\nexec ${argv.map(posixQuote).join(' ')} "$@"\n`,
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
