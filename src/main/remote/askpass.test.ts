import { describe, expect, it } from 'vitest';
import { askpassFiles } from './askpass';

describe('askpassFiles', () => {
  it('is a shell script and a Unix socket on Unix', () => {
    const files = askpassFiles({
      dir: '/tmp/tether-0',
      id: 'ab12',
      node: '/opt/My App/tether',
      platform: 'linux',
    });
    expect(files).toMatchObject({
      socketPath: '/tmp/tether-0/askpass-ab12.sock',
      pipe: false,
      script: '/tmp/tether-0/askpass-ab12.cjs',
      program: '/tmp/tether-0/askpass-ab12',
    });
    expect(files.programText).toBe(
      "#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec '/opt/My App/tether' '/tmp/tether-0/askpass-ab12.cjs' \"$@\"\n",
    );
  });

  it('is a batch file and a named pipe on Windows, whose OpenSSH has no Unix sockets', () => {
    const files = askpassFiles({
      dir: 'C:\\Users\\me\\AppData\\Local\\Temp\\tether-ssh',
      id: 'ab12',
      node: 'C:\\Program Files\\Tether\\Tether.exe',
      platform: 'win32',
    });
    expect(files).toMatchObject({
      socketPath: '\\\\.\\pipe\\tether-askpass-ab12',
      pipe: true,
      program: 'C:\\Users\\me\\AppData\\Local\\Temp\\tether-ssh\\askpass-ab12.cmd',
    });
    expect(files.programText).toBe(
      '@echo off\r\nset ELECTRON_RUN_AS_NODE=1\r\n"C:\\Program Files\\Tether\\Tether.exe" "C:\\Users\\me\\AppData\\Local\\Temp\\tether-ssh\\askpass-ab12.cjs" %*\r\n',
    );
  });
});
