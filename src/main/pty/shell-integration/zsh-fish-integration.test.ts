import { afterEach, describe, expect, it } from 'vitest';
import { findOnPath, isExecutableFile } from '../../platform/executables';
import { until } from '#test/support/until';
import { endShells, mark, marksIn, startShell } from './testing/shell-in-pty';

// The real zsh and fish where they are installed (CI needs neither: bash is the one it tests).

afterEach(endShells);

const installed = (name: string) =>
  findOnPath(name, {
    env: process.env,
    platform: process.platform,
    isExecutable: isExecutableFile,
  });

interface ShellCase {
  name: string;
  files: Record<string, string>;
  /** What `check` prints once the shell has put the variable it was started with back. */
  restored(home: string): string;
  check: string;
}

const shells: ShellCase[] = [
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
        const { session, home, text } = startShell(file!, shell.files);
        await until(() => text().includes(mark('B')), 'the first prompt');
        session.write(`cd /tmp; echo "rc=$FROM_RC"; ${shell.check}; ls /nonexistent-dir\r`);
        await until(
          () => (text().split(mark('P;Cwd=/tmp'))[1] ?? '').includes(mark('B')),
          'the next prompt',
        );

        expect(marksIn(text()).filter((body) => /^[A-EP]/.test(body))).toEqual([
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
