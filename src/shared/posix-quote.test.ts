import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { posixQuote } from './posix-quote';

describe('posixQuote', () => {
  it('gives sh back each value as one word, exactly', () => {
    const values = ["it's", '$HOME `id` $(id) "q"', 'a\\b\nc', '*?[x]', '', "''"];
    const script = `printf '%s\\0' ${values.map(posixQuote).join(' ')}`;
    expect(execFileSync('/bin/sh', ['-c', script], { encoding: 'utf8' }).split('\0')).toEqual([
      ...values,
      '',
    ]);
  });
});
