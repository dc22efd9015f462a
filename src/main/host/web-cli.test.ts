import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Bad arguments get one plain line and the usage, never a stack trace.
function run(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'web-cli.ts'), ...args],
    {
      encoding: 'utf8',
      timeout: 20_000,
    },
  );
  return { status: result.status, stderr: result.stderr };
}

describe('npm run web: argument errors', () => {
  it.each([
    [['--port', 'abc'], 'bad port abc'],
    [['--port', '70000'], 'bad port 70000'],
    [['--cwd', '/no/such/dir'], '/no/such/dir is not a directory'],
    [['--colour'], "Unknown option '--colour'"],
  ])('%j', (args, message) => {
    const { status, stderr } = run(...args);
    expect(status).toBe(2);
    expect(stderr).toContain(`tether web: ${message}`);
    expect(stderr).toContain('usage: npm run web');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
