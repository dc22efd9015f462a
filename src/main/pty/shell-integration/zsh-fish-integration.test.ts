import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findOnPath, isExecutableFile } from '../../platform/executables';
import { until } from '../../../../test/support/until';
import { TerminalSession } from '../terminal-session';

// The real zsh and fish where they are installed (CI needs neither: bash is the one it tests).

const sessions: TerminalSession[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.kill()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const installed = (name: string) =>
  findOnPath(name, {
    env: process.env,
    platform: process.platform,
    isExecutable: isExecutableFile,
  });

/** Starts the shell in a fresh HOME holding `files` (relative path → text). */
function start(file: string, files: Record<string, string>) {
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
    env: { PATH: process.env['PATH'], HOME: home },
    onData: (data) => (output += Buffer.from(data).toString()),
    onExit: () => undefined,
  });
  sessions.push(session);
  return { session, home, text: () => output };
}

const mark = (body: string) => `\x1b]633;${body}\x07`;
const marks = (text: string) =>
  text
    .split('\x1b]633;')
    .slice(1)
    .map((piece) => piece.slice(0, piece.indexOf('\x07')));

const shells = [
  {
    name: 'zsh',
    files: { '.zshrc': "export FROM_RC=loaded\nPROMPT='user-prompt%# '\n" },
    // With no ZDOTDIR of the user's, zsh's own default (HOME) is what is left.
    restored: (home: string) => `zdotdir=${home}`,
    check: 'echo "zdotdir=$ZDOTDIR"',
  },
  {
    name: 'fish',
    files: {
      '.config/fish/config.fish':
        "set -gx FROM_RC loaded\nfunction fish_prompt; echo -n 'user-prompt# '; end\n",
    },
    restored: () => 'xdg=[]',
    check: 'echo "xdg=[$XDG_DATA_DIRS]"',
  },
];

for (const shell of shells) {
  const file = installed(shell.name);
  describe.skipIf(!file)(
    file
      ? `${shell.name} shell integration`
      : `${shell.name} shell integration: skipped, ${shell.name} not installed`,
    () => {
      it("marks prompt, command, exit code and folder, after the user's own startup file", async () => {
        const { session, home, text } = start(file!, shell.files);
        await until(() => text().includes(mark('B')), 'the first prompt');
        session.write(`cd /tmp; echo "rc=$FROM_RC"; ${shell.check}; ls /nonexistent-dir\r`);
        await until(
          () =>
            text()
              .split(`${mark('P;Cwd=/tmp')}`)[1]
              ?.includes(mark('B')),
          'the next prompt',
        );

        expect(marks(text()).filter((body) => /^[A-EP]/.test(body))).toEqual([
          `P;Cwd=${home}`,
          'A',
          'B',
          `E;cd /tmp\\x3b echo "rc=$FROM_RC"\\x3b ${shell.check}\\x3b ls /nonexistent-dir`,
          'C',
          'D;2',
          'P;Cwd=/tmp',
          'A',
          'B',
        ]);
        expect(text()).toContain(`${mark('A')}user-prompt# ${mark('B')}`);
        expect(text()).toContain('rc=loaded');
        expect(text()).toContain(shell.restored(home));
      });
    },
  );
}
