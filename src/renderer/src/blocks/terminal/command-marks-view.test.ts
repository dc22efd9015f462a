// @vitest-environment jsdom
import { Terminal } from '@xterm/xterm';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlockActivity } from '../block-activity';
import { watchShellMarks } from './command-marks-view';
import { textBetween } from './command-output';

// xterm's own parser and buffer: the marks arrive as a shell with integration writes them.

const terminals: Terminal[] = [];
afterEach(() => terminals.splice(0).forEach((term) => term.dispose()));

function setUp(cols = 40) {
  const term = new Terminal({ cols, rows: 10, allowProposedApi: true, scrollback: 100 });
  terminals.push(term);
  const activity: BlockActivity[] = [];
  const directories: string[] = [];
  const marks = watchShellMarks(term, {
    onActivity: (next) => activity.push(next),
    onDirectory: (cwd) => directories.push(cwd),
  });
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  return { term, log: marks.log, activity, directories, write };
}

const osc = (body: string) => `\x1b]633;${body}\x07`;
const prompt = (cwd: string) => `${osc(`P;Cwd=${cwd}`)}${osc('A')}$ ${osc('B')}`;
/** A command typed at the prompt and run, as bash with integration echoes and marks it. */
const run = (line: string, output: string, code: number) =>
  `${line}\r\n${osc(`E;${line.replaceAll(';', '\\x3b')}`)}${osc('C')}${output}${osc(`D;${code}`)}`;

describe('watchShellMarks', () => {
  it('records each command with its line, exit code and output, and reports the activity', async () => {
    const { term, log, activity, directories, write } = setUp();
    await write(prompt('/home/u'));
    await write(`ls /nope\r\n${osc('E;ls /nope')}${osc('C')}`);
    expect(activity.at(-1)).toEqual({ kind: 'terminal', status: 'Running', command: 'ls /nope' });
    await write(`ls: cannot access '/nope'\r\n${osc('D;2')}${prompt('/home/u/sub')}`);
    expect(activity.at(-1)).toEqual({ kind: 'terminal', status: 'Failed' });
    await write(run('echo a; echo b', 'a\r\nb\r\n', 0) + prompt('/home/u/sub'));
    expect(activity.at(-1)).toEqual({ kind: 'terminal', status: 'Idle' });
    expect(directories).toEqual(['/home/u', '/home/u/sub', '/home/u/sub']);

    expect(log.executed.map(({ commandLine, exitCode }) => ({ commandLine, exitCode }))).toEqual([
      { commandLine: 'ls /nope', exitCode: 2 },
      { commandLine: 'echo a; echo b', exitCode: 0 },
    ]);
    const last = log.lastFinished!;
    expect(textBetween(term.buffer.active, last.output!, last.end!)).toBe('a\nb');
    const first = log.executed[0]!;
    expect(textBetween(term.buffer.active, first.output!, first.end!)).toBe(
      "ls: cannot access '/nope'",
    );
  });

  it('joins wrapped rows back into one line and keeps output without a final line break', async () => {
    const { term, log, write } = setUp(10);
    await write(prompt('/') + run('x', `${'0123456789'.repeat(2)}abc\r\ntail`, 0) + '\r\n');
    await write(prompt('/'));
    const last = log.lastFinished!;
    expect(textBetween(term.buffer.active, last.output!, last.end!)).toBe(
      '01234567890123456789abc\ntail',
    );
  });

  it('steps back and forth through the prompts of the commands run', async () => {
    const { log, write } = setUp();
    await write(prompt('/'));
    for (const n of [1, 2, 3]) await write(run(`seq ${n}`, 'x\r\n'.repeat(12), 0) + prompt('/'));
    const lines = log.executed.map((record) => record.prompt.line);
    expect(lines[0]).toBe(0);
    expect(log.step(-1)).toBe(lines[2]);
    expect(log.step(-1)).toBe(lines[1]);
    expect(log.step(-1)).toBe(lines[0]);
    expect(log.step(-1)).toBe(lines[0]);
    expect(log.step(1)).toBe(lines[1]);
    expect(log.step(1)).toBe(lines[2]);
    // Past the last command: back at the bottom.
    expect(log.step(1)).toBeUndefined();
  });

  it('an empty line or Ctrl+C at the prompt is no command; a shell without marks has none', async () => {
    const { log, activity, write } = setUp();
    await write(prompt('/') + '\r\n' + prompt('/') + '^C\r\n' + prompt('/'));
    await write('plain output with no marks\r\n');
    expect(log.executed).toEqual([]);
    expect(log.lastFinished).toBeUndefined();
    expect(activity).toEqual([]);
  });
});
