import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configuredHosts, formatTarget, parseTarget } from './ssh-hosts';

let home: string | undefined;
afterEach(() => {
  if (home) rmSync(home, { recursive: true, force: true });
  home = undefined;
});

function tree(files: Record<string, string>): string {
  home = mkdtempSync(join(tmpdir(), 'tether-ssh-hosts-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(home, name)), { recursive: true });
    writeFileSync(join(home, name), text);
  }
  return home;
}

describe('configuredHosts', () => {
  it('lists the Host entries that name one host, leaving out wildcards and negations', () => {
    const dir = tree({
      '.ssh/config': [
        '# my hosts',
        'Host build  gpu-box # two at once',
        '  HostName 10.0.0.2',
        'Host *.internal !bastion',
        'Host=eq-form',
        'host "quoted name" ?ingle',
        'Match host foo',
        '  User x',
        'Host *',
        '  ServerAliveInterval 30',
      ].join('\n'),
    });
    expect(configuredHosts({ home: dir })).toEqual(['build', 'gpu-box', 'eq-form', 'quoted name']);
  });

  it('follows Include relative to ~/.ssh, with ~ and globs expanded in sorted order', () => {
    const dir = tree({
      '.ssh/config': 'Include conf.d/*.conf ~/other/extra\nHost last\n',
      '.ssh/conf.d/b.conf': 'Host from-b\n',
      '.ssh/conf.d/a.conf': 'Host from-a\nInclude nested\n',
      '.ssh/conf.d/skip.txt': 'Host not-included\n',
      '.ssh/nested': 'Host from-nested\n',
      'other/extra': 'Host from-home\n',
    });
    expect(configuredHosts({ home: dir })).toEqual([
      'from-a',
      'from-nested',
      'from-b',
      'from-home',
      'last',
    ]);
  });

  it('stops following an Include that includes itself', () => {
    const dir = tree({ '.ssh/config': 'Host loop\nInclude config\n' });
    expect(configuredHosts({ home: dir })).toEqual(['loop']);
  });

  it('reads another config file when given one, and nothing when there is none', () => {
    const dir = tree({ 'elsewhere/ssh_config': 'Host only-here\n' });
    expect(configuredHosts({ home: dir, configFile: join(dir, 'elsewhere/ssh_config') })).toEqual([
      'only-here',
    ]);
    expect(configuredHosts({ home: dir })).toEqual([]);
  });
});

describe('parseTarget', () => {
  it.each([
    ['build', { host: 'build' }],
    ['me@build', { host: 'build', user: 'me' }],
    ['me@build:2222', { host: 'build', user: 'me', port: 2222 }],
    ['10.0.0.2:22', { host: '10.0.0.2', port: 22 }],
    ['[::1]:2222', { host: '::1', port: 2222 }],
    ['me@[fe80::1%eth0]', { host: 'fe80::1%eth0', user: 'me' }],
    ['::1', { host: '::1' }],
    ['ssh://me@host:22', { host: 'host', user: 'me', port: 22 }],
    ['  spaced@host  ', { host: 'host', user: 'spaced' }],
    ['me@corp@host', { host: 'host', user: 'me@corp' }],
  ])('reads %j', (typed, target) => {
    expect(parseTarget(typed)).toEqual(target);
  });

  it.each([
    ['', /Type a host/],
    ['-oProxyCommand=evil', /not a host name/],
    ['-l@host', /not a user name/],
    ['host:0', /not a port/],
    ['host:65536', /not a port/],
    ['host:ssh', /not a port/],
    ['[::1', /never closes/],
    ['[::1]x', /after the \]/],
    ['me@', /names no host/],
    ['two words', /not a host name/],
    // What a shell would run, were they put into a ProxyCommand (OpenSSH before 9.6).
    ['$(touch pwned)', /not a host name/],
    ['host;id', /not a host name/],
    ['`id`@host', /not a user name/],
    ["me'x@host", /not a user name/],
    ['a|b', /not a host name/],
  ])('refuses %j', (typed, message) => {
    expect(() => parseTarget(typed)).toThrow(message);
  });

  it('formats a target back into what parses to it', () => {
    for (const typed of ['me@build:2222', '[::1]:22', 'host', 'me@[fe80::1]']) {
      expect(parseTarget(formatTarget(parseTarget(typed)))).toEqual(parseTarget(typed));
    }
    expect(formatTarget({ host: '::1', port: 22 })).toBe('[::1]:22');
  });
});
