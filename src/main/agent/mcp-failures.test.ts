import { describe, expect, it } from 'vitest';
import { McpFailures } from './mcp-failures';

const init = (...servers: [string, string][]) =>
  servers.map(([name, status]) => ({ name, status, source: 'user' }));

describe('McpFailures', () => {
  it('tells which servers failed when that changes, and when none fail any more', () => {
    const failures = new McpFailures();
    expect(failures.fromInit(init(['a', 'connected']))).toBeNull();
    expect(failures.fromInit(init(['a', 'failed'], ['b', 'pending'], ['c', 'failed']))).toEqual({
      type: 'mcp_failed',
      servers: ['a', 'c'],
    });
    expect(failures.fromInit(init(['a', 'failed'], ['c', 'failed']))).toBeNull();
    expect(failures.fromInit(init(['a', 'connected'], ['c', 'failed']))).toEqual({
      type: 'mcp_failed',
      servers: ['c'],
    });
    expect(failures.fromInit(init(['c', 'connected']))).toEqual({
      type: 'mcp_failed',
      servers: [],
    });
  });

  it('ignores a list that is missing or malformed', () => {
    const failures = new McpFailures();
    expect(failures.fromInit(undefined)).toBeNull();
    expect(failures.fromInit([null, 'x', { status: 'failed' }])).toBeNull();
  });
});
