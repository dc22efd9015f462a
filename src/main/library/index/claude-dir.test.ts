import { describe, expect, it } from 'vitest';
import { claudeConfigDir } from './claude-dir';

describe('claudeConfigDir', () => {
  it('is .claude in the home folder, with each platform’s separator', () => {
    expect(claudeConfigDir({}, 'linux', '/home/ada')).toBe('/home/ada/.claude');
    expect(claudeConfigDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/.claude');
    expect(claudeConfigDir({}, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\.claude');
  });

  it('follows CLAUDE_CONFIG_DIR on every platform', () => {
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: '/srv/cc' }, 'linux', '/home/ada')).toBe('/srv/cc');
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: '/opt/cc' }, 'darwin', '/Users/ada')).toBe(
      '/opt/cc',
    );
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: 'D:\\cc' }, 'win32', 'C:\\Users\\ada')).toBe(
      'D:\\cc',
    );
  });

  it('takes an empty CLAUDE_CONFIG_DIR for unset', () => {
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: '' }, 'linux', '/home/ada')).toBe(
      '/home/ada/.claude',
    );
  });
});
