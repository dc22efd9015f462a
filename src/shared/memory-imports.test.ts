import { expect, it } from 'vitest';
import { memoryImports } from './memory-imports';

it('finds the @path imports of a memory file, not @ in code or prose', () => {
  const text = [
    '# Notes',
    '@~/.claude/extra.md',
    'See @docs/style.md and @./rules.md for more.',
    'Ask @alice about it; mail bob@example.com',
    '`@not/this.md` in a span',
    '```',
    '@not/in/a/fence.md',
    '```',
    '@my\\ notes.md',
    '@docs/style.md again',
  ].join('\n');
  expect(memoryImports(text)).toEqual([
    '~/.claude/extra.md',
    'docs/style.md',
    './rules.md',
    'my notes.md',
  ]);
});
