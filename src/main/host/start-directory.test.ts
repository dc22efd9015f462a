import { describe, expect, it } from 'vitest';
import { startDirectory } from './start-directory';

describe('startDirectory', () => {
  it.each(['linux', 'darwin'] as const)(
    '%s: where npm was invoked, then the process directory, and home over /',
    (platform) => {
      const context = { platform, home: '/home/me' };
      expect(startDirectory({ INIT_CWD: '/home/me/project' }, '/opt/tether', context)).toBe(
        '/home/me/project',
      );
      expect(startDirectory({}, '/srv/work', context)).toBe('/srv/work');
      expect(startDirectory({}, '/', context)).toBe('/home/me');
    },
  );

  it('linux: home over the install folder of the app a desktop entry started', () => {
    const context = { platform: 'linux' as const, home: '/home/me', installDir: '/opt/Tether' };
    expect(startDirectory({}, '/opt/Tether', context)).toBe('/home/me');
    expect(startDirectory({}, '/opt/Tether/resources', context)).toBe('/home/me');
    expect(startDirectory({}, '/opt/Tetherless', context)).toBe('/opt/Tetherless');
  });

  describe('win32', () => {
    const context = {
      platform: 'win32' as const,
      home: 'C:\\Users\\me',
      installDir: 'C:\\Users\\me\\AppData\\Local\\Programs\\Tether',
    };
    const env = { SystemRoot: 'C:\\WINDOWS' };

    it('home over System32, the Windows folder and a drive root, in any letter case', () => {
      expect(startDirectory(env, 'C:\\Windows\\System32', context)).toBe('C:\\Users\\me');
      expect(startDirectory(env, 'c:\\windows\\system32', context)).toBe('C:\\Users\\me');
      expect(startDirectory(env, 'C:\\WINDOWS', context)).toBe('C:\\Users\\me');
      expect(startDirectory(env, 'D:\\', context)).toBe('C:\\Users\\me');
      expect(startDirectory({}, 'C:\\Windows\\System32', context)).toBe('C:\\Users\\me');
    });

    it('home over the install folder a Start menu shortcut starts in', () => {
      expect(startDirectory(env, 'C:\\Users\\me\\AppData\\Local\\Programs\\Tether', context)).toBe(
        'C:\\Users\\me',
      );
    });

    it('a real folder, or where npm was invoked, is kept', () => {
      expect(startDirectory(env, 'D:\\src\\project', context)).toBe('D:\\src\\project');
      expect(
        startDirectory({ ...env, INIT_CWD: 'C:\\src\\tether' }, 'C:\\Windows\\System32', context),
      ).toBe('C:\\src\\tether');
    });
  });
});
