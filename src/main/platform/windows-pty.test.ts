import { describe, expect, it } from 'vitest';
import { windowsPty } from './windows-pty';

describe('windowsPty', () => {
  it('win32: ConPTY with the build number from the OS release', () => {
    expect(windowsPty('win32', '10.0.22631')).toEqual({ backend: 'conpty', buildNumber: 22631 });
    expect(windowsPty('win32', '10.0.19045')).toEqual({ backend: 'conpty', buildNumber: 19045 });
    expect(windowsPty('win32', 'garbage')).toBeUndefined();
  });

  it.each(['darwin', 'linux'] as const)('%s: none (no Windows pty there)', (platform) => {
    expect(windowsPty(platform, '23.1.0')).toBeUndefined();
  });
});
