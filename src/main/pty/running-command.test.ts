import { describe, expect, it } from 'vitest';
import { RunningCommand } from './running-command';

const bytes = (text: string) => new TextEncoder().encode(text);
const mark = (body: string) => `\x1b]633;${body}\x07`;

describe('RunningCommand', () => {
  it('runs from the command mark to its end, named by its command line', () => {
    const running = new RunningCommand();
    running.push(bytes(`${mark('A')}$ ${mark('B')}`));
    expect(running.command).toBeUndefined();
    running.push(bytes(`${mark('E;vim notes\\x3btxt')}${mark('C')}`));
    expect(running.command).toBe('vim notes;txt');
    running.push(bytes(`output${mark('D;0')}`));
    expect(running.command).toBeUndefined();
  });

  it('reads a mark cut across chunks, and a multi-byte character cut across them', () => {
    const running = new RunningCommand();
    const whole = bytes(`${mark('E;echo é')}${mark('C')}`);
    for (const byte of whole) running.push(Uint8Array.of(byte));
    expect(running.command).toBe('echo é');
  });

  it('reads a mark whose terminator is cut between its two bytes', () => {
    const running = new RunningCommand();
    running.push(bytes(`\x1b[0mcolour\x1b]633;E;make\x1b`));
    running.push(bytes(`\\\x1b]633;C\x1b\\`));
    expect(running.command).toBe('make');
  });

  it('takes a new prompt as the end of what ran (a shell whose command mark got lost)', () => {
    const running = new RunningCommand();
    running.push(bytes(`\x1b]133;C\x07`));
    expect(running.command).toBe('');
    running.push(bytes(`\x1b]133;A\x1b\\`));
    expect(running.command).toBeUndefined();
  });

  it('knows the shell is integrated only once a mark came (a plain shell sends none)', () => {
    const running = new RunningCommand();
    running.push(bytes('$ vi notes.txt\r\n\x1b]0;title\x07'));
    expect(running.integrated).toBe(false);
    running.push(bytes(`${mark('A')}$ `));
    expect(running.integrated).toBe(true);
  });
});
