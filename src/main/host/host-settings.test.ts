import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMessage, HostResponse } from '../../shared/contract/host';
import { defaultSettings } from '../../shared/settings';
import type { Host, HostOptions } from './host';
import { SettingsFile } from './settings';
import { testHost } from '#test/support/test-host';
import { until } from '#test/support/until';

let dir: string;
let host: Host;
let settings: SettingsFile;

function settingsFile(content?: unknown): string {
  const path = join(dir, 'settings.json');
  if (content !== undefined) {
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return path;
}

function start(overrides: Partial<HostOptions> = {}) {
  settings = new SettingsFile(settingsFile(), { log: () => {}, debounceMs: 30 });
  settings.watch();
  host = testHost(dir, {
    env: { PATH: '/usr/bin:/bin', HOME: dir },
    agentEnv: { PATH: '/usr/bin:/bin', HOME: dir },
    settings,
    ...overrides,
  });
  const events: EventMessage[] = [];
  const connection = host.connect((event) => events.push(event));
  const request = async <T>(name: string, params: unknown = {}): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  const output = (terminalId: string) =>
    Buffer.concat(
      events.flatMap((e) =>
        e.name === 'terminalData' && e.payload.terminalId === terminalId ? [e.payload.data] : [],
      ),
    ).toString();
  return { connection, events, request, output };
}

/** A stand-in `claude` that records what it was started with, then exits. */
function fakeClaude(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\nprintf '%s' "${name} $FROM_USER_ENV" > "${dir}/ran"\nexit 3\n`);
  chmodSync(path, 0o755);
  return path;
}

/** What the stand-in wrote; '' until it has (the shell creates the file before writing it). */
function ran(): string {
  const path = join(dir, 'ran');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tether-host-settings-'));
});

afterEach(async () => {
  settings.dispose();
  await host.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('Host with a settings file', () => {
  it('openSettings creates the file with the defaults and opens it with the system editor', async () => {
    const opened: string[] = [];
    const { request } = start({ openPath: async (path) => (opened.push(path), '') });
    const result = await request('openSettings');
    expect(result).toEqual({ path: settingsFile(), opened: true });
    expect(opened).toEqual([settingsFile()]);
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual(defaultSettings);
  });

  it('openSettings without an opener (browser mode) gives the path; a failing opener says why', async () => {
    const { request } = start();
    expect(await request('openSettings')).toEqual({ path: settingsFile(), opened: false });
    settings.dispose();
    await host.dispose();
    const failing = start({ openPath: async () => 'No application knows how to open this file' });
    await expect(failing.request('openSettings')).rejects.toThrow(
      `openSettings: could not open ${settingsFile()}: No application knows how to open this file`,
    );
  });

  it('an invalid file is reported through getAppInfo, and its fix to every connection', async () => {
    settingsFile('{ "claudePath": 7 }');
    const { request, events } = start();
    const info = await request<{ settingsProblem?: string }>('getAppInfo');
    expect(info.settingsProblem).toMatch(/settings\.json is not valid: claudePath: .*number/);
    expect(readFileSync(settingsFile(), 'utf8')).toBe('{ "claudePath": 7 }');

    settingsFile({ claudePath: null });
    await until(() => events.some((e) => e.name === 'settingsChanged'), 'settingsChanged');
    expect(events.find((e) => e.name === 'settingsChanged')?.payload).toEqual({ problem: null });
    expect(await request('getAppInfo')).not.toHaveProperty('settingsProblem');
  });

  it('getAppInfo says which notifications the settings turn on, each on by default', async () => {
    const { request } = start();
    const notifications = async () =>
      (await request<{ notifications: unknown }>('getAppInfo')).notifications;
    expect(await notifications()).toEqual({ needsYou: true, done: true, error: true });
    settingsFile({ notifications: { done: false } });
    await until(
      () => settings.current.settings.notifications != null,
      'the settings to be re-read',
    );
    expect(await notifications()).toEqual({ needsYou: true, done: false, error: true });
  });

  it('changeTetherSettings edits the file, tells every page, and getAppInfo has the look', async () => {
    const text = '{\n  // mine\n  "claudePath": "/opt/claude"\n}\n';
    settingsFile(text);
    const { request, events } = start();
    expect(await request('getTetherSettings')).toEqual({
      path: settingsFile(),
      settings: { claudePath: '/opt/claude' },
      problem: null,
      defaults: { shell: '/bin/sh', reattachGraceSeconds: 60 },
    });
    const changed = await request('changeTetherSettings', {
      changes: { theme: 'light', terminalFontSize: 18 },
    });
    expect(changed).toMatchObject({
      settings: { claudePath: '/opt/claude', theme: 'light', terminalFontSize: 18 },
    });
    expect(readFileSync(settingsFile(), 'utf8')).toBe(
      '{\n  // mine\n  "claudePath": "/opt/claude",\n  "terminalFontSize": 18,\n  "theme": "light"\n}\n',
    );
    expect(events.filter((e) => e.name === 'settingsChanged')).toHaveLength(1);
    expect((await request<{ appearance: unknown }>('getAppInfo')).appearance).toEqual({
      terminalFontFamily: null,
      terminalFontSize: 18,
      theme: 'light',
    });

    await expect(request('changeTetherSettings', { changes: { theme: 'sepia' } })).rejects.toThrow(
      /^changeTetherSettings: changes\.theme: /,
    );
    await expect(
      request('changeTetherSettings', { changes: { reattachGraceSeconds: -1 } }),
    ).rejects.toThrow(/reattachGraceSeconds: /);
    expect(readFileSync(settingsFile(), 'utf8')).toContain('"theme": "light"\n}');
  });

  it('the shell setting applies to the next terminal, without a restart', async () => {
    const { request, output } = start();
    expect((await request<{ shell: string }>('getAppInfo')).shell).toBe('/bin/sh');
    settingsFile({ shell: { file: '/bin/sh', args: ['-c', 'echo shell-from-settings; sleep 5'] } });
    await until(() => settings.current.settings.shell !== undefined, 'the settings to be re-read');
    await request('openTerminal', { terminalId: 't1', cols: 80, rows: 24 });
    await until(() => output('t1').includes('shell-from-settings'), 'the configured shell');
  });

  it('shellIntegration: false starts the next bash without the integration', async () => {
    const { request, output } = start();
    settingsFile({ shell: { file: '/bin/bash', args: [] } });
    await until(() => settings.current.settings.shell != null, 'the settings to be re-read');
    await request('openTerminal', { terminalId: 'on', cols: 80, rows: 24 });
    await until(() => output('on').includes('\x1b]633;A'), 'the marks of the integration');

    settingsFile({ shell: { file: '/bin/bash', args: [] }, shellIntegration: false });
    await until(
      () => settings.current.settings.shellIntegration === false,
      'the settings to be re-read',
    );
    await request('openTerminal', { terminalId: 'off', cols: 80, rows: 24 });
    await request('writeTerminal', { terminalId: 'off', data: 'echo plain-$((2+3))\r' });
    await until(() => output('off').includes('plain-5'), 'the command output');
    expect(output('off')).not.toContain('\x1b]633;');
  });

  it('claudePath applies to the next agent, and a wrong one is the agent’s start failure', async () => {
    const { request, events } = start();
    settingsFile({ claudePath: join(dir, 'missing-claude') });
    await until(() => settings.current.settings.claudePath !== undefined, 'the settings');
    await request('openAgent', { agentId: 'a1' });
    await until(
      () =>
        events.some(
          (e) =>
            e.name === 'agentState' &&
            e.payload.state.state === 'exited' &&
            e.payload.state.message?.includes(`setting = ${join(dir, 'missing-claude')}`) === true,
        ),
      'the start failure naming the setting',
    );

    settingsFile({ claudePath: fakeClaude('claude-from-settings') });
    await until(() => settings.current.settings.claudePath?.endsWith('settings') === true, 'edit');
    await request('openAgent', { agentId: 'a2' });
    await until(() => ran() !== '', 'the configured claude to run');
    expect(ran()).toBe('claude-from-settings ');
  });

  it('terminals and agents get the resolved user environment', async () => {
    const env = { PATH: '/usr/bin:/bin', HOME: dir, FROM_USER_ENV: 'resolved' };
    settingsFile({ claudePath: fakeClaude('claude') });
    const { request, output } = start({
      env: undefined,
      agentEnv: undefined,
      environment: Promise.resolve(env),
    });
    await request('openTerminal', { terminalId: 't1', cols: 80, rows: 24 });
    await request('writeTerminal', { terminalId: 't1', data: 'echo "got:$FROM_USER_ENV"\r' });
    await until(() => output('t1').includes('got:resolved'), 'the terminal to see it');
    await request('openAgent', { agentId: 'a1' });
    await until(() => ran() !== '', 'the agent to run');
    expect(ran()).toBe('claude resolved');
  });
});
