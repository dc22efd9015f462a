import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startDirectory } from './start-directory';

describe('startDirectory', () => {
  it('prefers where npm was invoked, then the process directory, and home over /', () => {
    expect(startDirectory({ INIT_CWD: '/home/me/project' }, '/opt/tether')).toBe(
      '/home/me/project',
    );
    expect(startDirectory({}, '/opt/tether')).toBe('/opt/tether');
    expect(startDirectory({}, '/')).toBe(homedir());
  });
});
