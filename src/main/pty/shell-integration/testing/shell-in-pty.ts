import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TerminalSession } from '../../terminal-session';

// For the tests that run a real shell with its integration in a pty, in a HOME of their own.

const sessions: TerminalSession[] = [];
const folders: string[] = [];

/** Starts `file` in a fresh HOME holding `files` (path in HOME → text), with `env` added. */
export function startShell(
  file: string,
  files: Record<string, string>,
  shellIntegration = true,
  env: Record<string, string> = {},
) {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'tether-home-')));
  folders.push(home);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(home, path, '..'), { recursive: true });
    writeFileSync(join(home, path), text);
  }
  let output = '';
  const session = new TerminalSession({
    shell: { file, args: [] },
    cwd: home,
    cols: 200,
    rows: 24,
    env: { PATH: process.env['PATH'], HOME: home, ...env },
    shellIntegration,
    onData: (data) => (output += Buffer.from(data).toString()),
    onExit: () => undefined,
  });
  sessions.push(session);
  return { session, home, text: () => output };
}

/** Ends the shells started and removes their HOMEs. */
export async function endShells(): Promise<void> {
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export const mark = (body: string) => `\x1b]633;${body}\x07`;

/** The bodies of the OSC 633 marks in the output, in order. */
export const marksIn = (text: string) =>
  text
    .split('\x1b]633;')
    .slice(1)
    .map((piece) => piece.slice(0, piece.indexOf('\x07')));
