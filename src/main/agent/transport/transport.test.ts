import { describe, expect, it } from 'vitest';
import { chooseTransport } from './transport';

describe('chooseTransport', () => {
  it('gives Windows pipes, whatever was asked: the pty transport needs a FIFO and /bin/sh', () => {
    expect(chooseTransport(undefined, 'win32')).toBe('pipe');
    expect(chooseTransport('pty', 'win32')).toBe('pipe');
  });

  it.each(['darwin', 'linux'] as const)('%s: the pty by default, pipes on request', (platform) => {
    expect(chooseTransport(undefined, platform)).toBe('pty');
    expect(chooseTransport('pipe', platform)).toBe('pipe');
  });
});
