import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('keepRunningOnErrors', () => {
  it('logs what escapes every handler, and the process goes on', () => {
    const script = `
      const { keepRunningOnErrors } = require(${JSON.stringify(join(__dirname, 'last-resort.ts'))});
      keepRunningOnErrors(process, (line) => console.log(line));
      setTimeout(() => { throw new Error('boom in a timer'); }, 1);
      setTimeout(() => Promise.reject(new Error('rejected')), 2);
      setTimeout(() => console.log('still serving'), 50);
    `;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'tether: internal error, still running (boom in a timer)',
      'tether: unhandled failure, still running (rejected)',
      'still serving',
      '',
    ]);
  });
});
