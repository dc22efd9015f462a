import { describe, expect, it } from 'vitest';
import type { BlockSpec } from '../../../shared/workspace-state';
import { blockTitles, folderName } from './block-title';

const label = (kind: string) => (kind === 'agent' ? 'Agent' : 'Terminal');
const titles = (
  blocks: Record<string, BlockSpec>,
  command: (blockId: string) => string | undefined = () => undefined,
) => blockTitles(Object.keys(blocks), blocks, label, command);

describe('blockTitles', () => {
  it('names a block by its kind and folder, a terminal by the command it runs', () => {
    expect(
      titles(
        { a: { kind: 'terminal', cwd: '/home/ada/src' }, b: { kind: 'agent', cwd: '/srv' } },
        (id) => (id === 'a' ? 'vim' : undefined),
      ),
    ).toEqual({ a: 'vim · src', b: 'Agent · srv' });
  });

  it("keeps the user's name, adding the folder only when two names clash", () => {
    expect(
      titles({
        a: { kind: 'agent', cwd: '/one', title: 'fix tests' },
        b: { kind: 'agent', cwd: '/two', title: 'fix tests' },
        c: { kind: 'agent', cwd: '/two', title: 'docs' },
      }),
    ).toEqual({ a: 'fix tests · one', b: 'fix tests · two', c: 'docs' });
  });

  it('numbers blocks that would still share a title', () => {
    const result = titles({
      a: { kind: 'terminal', cwd: '/w/src' },
      b: { kind: 'terminal', cwd: '/x/src' },
      c: { kind: 'terminal', cwd: '/w/lib' },
    });
    expect(result).toEqual({ a: 'Terminal · src', b: 'Terminal · src (2)', c: 'Terminal · lib' });
    expect(new Set(Object.values(result)).size).toBe(3);
  });
});

describe('blockTitles of blocks on other machines', () => {
  it('says which host a block is on, after its folder even when a clash adds one', () => {
    expect(
      titles({
        a: { kind: 'terminal', cwd: '/home/ada/src', host: 'devbox' },
        b: { kind: 'agent', cwd: '/srv', host: 'ada@build:2222', title: 'deploy' },
        c: { kind: 'terminal', cwd: '/x/src', host: 'devbox' },
        d: { kind: 'terminal', cwd: '/home/ada/src' },
      }),
    ).toEqual({
      a: 'Terminal · src on devbox',
      b: 'deploy on ada@build:2222',
      c: 'Terminal · src on devbox (2)',
      d: 'Terminal · src',
    });
  });
});

describe('folderName', () => {
  it('takes the last segment of POSIX and Windows paths', () => {
    expect(folderName('/home/ada/src/')).toBe('src');
    expect(folderName('C:\\Users\\ada\\proj')).toBe('proj');
    expect(folderName('/')).toBe('/');
  });
});
