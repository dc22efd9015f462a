import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findOnPath, isExecutableFile } from '../../src/main/platform/executables';
import { endShells, startShell } from '../../src/main/pty/shell-integration/testing/shell-in-pty';
import {
  shellQuoting,
  shellWords,
  type ShellQuoting,
} from '../../src/renderer/src/blocks/terminal/dropped-files';
import { until } from '../support/until';

// A drop types each path quoted for the block's shell. Here the real shells read what it types,
// interactively in a pty as in a terminal block (history expansion and all), and say which words
// they got. Each shell that is not installed is skipped, saying so; CI installs all but nu.

afterEach(endShells);

const names = [
  'plain-name.txt',
  'with space.txt',
  "it's here.txt",
  'dollar $HOME and `date` and $(id).txt',
  'bang! and !! and !$ and !-1.txt',
  'glob * and ? and [ab].txt',
  'back\\slash and \\n.txt',
  'semi;colon & pipe | < > (sub).txt',
  'tilde ~ and # hash and {a,b}.txt',
  'percent %PATH% and ^caret.txt',
  'double " quote.txt',
  "quote-hash '# and '## run.txt",
  'typographic \u2018quotes\u2019 and \u00e9 \u4e2d\u6587 \ud83d\ude42.txt',
];

interface ShellCase {
  name: string;
  quoting: ShellQuoting;
  /** Startup files that keep the shell quiet (zsh asks a new user questions without one). */
  files?: Record<string, string>;
  /** A command line that writes each word to `file`, NUL after each, then prints DONE. */
  command?(words: string, file: string): string;
}

// POSIX shells, fish and tcsh all read this much alike.
const writeWords = (words: string, file: string) =>
  `printf '%s\\0' ${words}> '${file}'; echo DO''NE`;

const shells: ShellCase[] = [
  { name: 'bash', quoting: 'posix' },
  { name: 'dash', quoting: 'posix' },
  { name: 'zsh', quoting: 'posix', files: { '.zshrc': '' } },
  { name: 'fish', quoting: 'fish' },
  { name: 'tcsh', quoting: 'csh' },
  {
    name: 'nu',
    quoting: 'nu',
    command: (words, file) => `^printf '%s\\0' ${words}| save -f '${file}'; print ('DO' + 'NE')`,
  },
];

for (const shell of shells) {
  const file = findOnPath(shell.name, {
    env: process.env,
    platform: process.platform,
    isExecutable: isExecutableFile,
  });
  describe.skipIf(!file)(
    file
      ? `dropped paths in ${shell.name}`
      : `dropped paths in ${shell.name}: skipped, not installed`,
    () => {
      it(`${shell.name} reads each quoted path as the one word it is`, async () => {
        expect(shellQuoting(file!, 'linux')).toBe(shell.quoting);
        // A terminal block's shell gets a UTF-8 locale; without one zsh and tcsh mangle what is
        // typed outside ASCII.
        const { session, home, text } = startShell(file!, shell.files ?? {}, false, {
          LANG: 'C.UTF-8',
        });
        const paths = names.map((name) => join(home, name));
        const out = join(home, 'words.bin');
        session.write(`${(shell.command ?? writeWords)(shellWords(paths, shell.quoting), out)}\r`);
        // A word the shell refuses (tcsh's "Event not found" for an unescaped !) runs nothing.
        await until(() => /DONE\r?\n/.test(text()), `${shell.name} to run the command`).catch(
          (error: Error) => {
            throw new Error(`${error.message}; it printed: ${text().slice(-600)}`);
          },
        );
        const words = readFileSync(out, 'utf8').split('\0').slice(0, -1);
        expect(words).toEqual(paths);
      });
    },
  );
}
