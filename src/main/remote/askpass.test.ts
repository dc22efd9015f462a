import { describe, expect, it } from 'vitest';
import { askpassFiles, askpassRunner } from './askpass';

describe('askpassFiles', () => {
  it('is a shell script that starts the packaged app on ssh’s argument, its path quoted', () => {
    const files = askpassFiles({
      dir: '/tmp/tether-0',
      id: 'ab12',
      runner: { app: ['/opt/My App/tether'] },
      platform: 'linux',
    });
    expect(files).toEqual({
      socketPath: '/tmp/tether-0/askpass-ab12.sock',
      script: null,
      program: '/tmp/tether-0/askpass-ab12',
      programText: '#!/bin/sh\nexec \'/opt/My App/tether\' "$@"\n',
    });
  });

  it('runs a script of its own under a plain Node (browser mode)', () => {
    const files = askpassFiles({
      dir: '/tmp/tether-0',
      id: 'ab12',
      runner: { node: '/usr/bin/node' },
      platform: 'darwin',
    });
    expect(files.script).toBe('/tmp/tether-0/askpass-ab12.cjs');
    expect(files.programText).toBe(
      "#!/bin/sh\nexec '/usr/bin/node' '/tmp/tether-0/askpass-ab12.cjs' \"$@\"\n",
    );
  });

  it('on Windows is the packaged app itself, never a script cmd would read, over a named pipe', () => {
    const files = askpassFiles({
      dir: 'C:\\Users\\ada\\AppData\\Local\\Temp\\tether-ssh',
      id: 'ab12',
      runner: { app: ['C:\\Program Files\\Tether\\Tether.exe'] },
      platform: 'win32',
    });
    expect(files).toEqual({
      socketPath: '\\\\.\\pipe\\tether-askpass-ab12',
      script: null,
      program: 'C:\\Program Files\\Tether\\Tether.exe',
      programText: null,
    });
    for (const runner of [{ node: 'C:\\node.exe' }, { app: ['electron.exe', 'C:\\app'] }]) {
      expect(() => askpassFiles({ dir: 'C:\\t', id: 'x', runner, platform: 'win32' })).toThrow(
        'only through the packaged app',
      );
    }
  });
});

describe('askpassRunner', () => {
  const electron = (defaultApp: boolean) =>
    ({
      versions: { electron: '39.0.0' },
      execPath: '/opt/Tether/tether',
      argv: ['/opt/Tether/tether', '/home/ada/tether'],
      defaultApp,
    }) as unknown as NodeJS.Process;

  it('is the app’s own executable, with the app’s folder where Electron runs it unpackaged', () => {
    expect(askpassRunner(electron(false))).toEqual({ app: ['/opt/Tether/tether'] });
    expect(askpassRunner(electron(true))).toEqual({
      app: ['/opt/Tether/tether', '/home/ada/tether'],
    });
    expect(askpassRunner(process)).toEqual({ node: process.execPath });
  });
});
