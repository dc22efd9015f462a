import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserStateDir, userConfigDir } from './config-dir';

describe('state folders', () => {
  it('keeps browser mode apart from the desktop app on every platform', () => {
    const env = { APPDATA: 'C:\\Users\\u\\AppData\\Roaming', XDG_CONFIG_HOME: '/x/config' };
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const desktop = userConfigDir(env, platform);
      const browser = browserStateDir(env, platform);
      expect(browser).not.toBe(desktop);
      expect(browser.startsWith(desktop + '/')).toBe(false);
      expect(browser.startsWith(desktop + '\\')).toBe(false);
    }
    expect(browserStateDir(env, 'linux')).toBe('/x/config/tether-browser');
    expect(browserStateDir({}, 'darwin')).toBe(
      join(homedir(), 'Library', 'Application Support', 'tether-browser'),
    );
  });
});
