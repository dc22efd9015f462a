import { describe, expect, it } from 'vitest';
import { resumeArgs } from './resume-args';

const id = '0b5e2d6c-1f3a-4c8e-9d7b-2a6f4e8c1b3d';
const entry = '7c1d9e2a-4b3f-4a6e-8d5c-1e2f3a4b5c6d';

describe('the CLI flags that resume a session', () => {
  it('carry each id in its flag’s own argument, so no id is ever read as an option', () => {
    expect(resumeArgs({})).toEqual([]);
    expect(resumeArgs({ resume: id })).toEqual([`--resume=${id}`]);
    expect(resumeArgs({ resume: id, forkSession: true, resumeAt: entry })).toEqual([
      `--resume=${id}`,
      '--fork-session',
      `--resume-session-at=${entry}`,
    ]);
    // Whatever got this far: one argument, which the CLI takes as the value of --resume.
    expect(resumeArgs({ resume: '--debug-file=/tmp/x' })).toEqual(['--resume=--debug-file=/tmp/x']);
  });

  it('forks and cuts nothing without a session to resume', () => {
    expect(resumeArgs({ forkSession: true, resumeAt: entry })).toEqual([]);
  });
});
