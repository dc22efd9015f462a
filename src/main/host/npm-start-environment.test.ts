import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveUserEnvironment } from '../platform/user-environment';
import type { Host } from './host';
import { testHost } from '#test/support/test-host';
import { until } from '#test/support/until';

const run = promisify(execFile);
const which = (name: string) => execFileSync('which', [name]).toString().trim();

describe('a shell in Tether started by `npm start`', () => {
  let dir: string;
  let host: Host | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'npm-env-'));
  });
  afterEach(async () => {
    await host?.dispose();
    host = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  // The environment a script run by the real npm gets, started from a user's shell whose
  // environment is `user`.
  async function underNpm(user: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
    const project = join(dir, 'project');
    await mkdir(project);
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({
        name: 'launcher',
        scripts: { start: 'node -e "process.stdout.write(JSON.stringify(process.env))"' },
      }),
    );
    const npmCli = process.env['npm_execpath'];
    const [file, args] = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
    const { stdout } = await run(file, [...args, 'start', '--silent'], { cwd: project, env: user });
    return JSON.parse(stdout) as NodeJS.ProcessEnv;
  }

  it.each(['bash', 'zsh', 'fish'])('%s gets the user’s PATH and no npm_ variable', async (name) => {
    const shell = which(name);
    const user = {
      PATH: `${join(dir, 'my-bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: dir,
      TERM: 'xterm-256color',
      MY_SETTING: 'kept',
    };
    const launched = await underNpm(user);
    expect(Object.keys(launched).filter((key) => key.startsWith('npm_')).length).toBeGreaterThan(5);
    host = testHost(dir, {
      shell: { file: shell, args: [] },
      environment: resolveUserEnvironment({ platform: process.platform, env: launched, shell }),
    });
    const connection = host.connect(() => {});
    await connection.request('openTerminal', { terminalId: 'n.0', cols: 80, rows: 24 });
    const out = join(dir, 'env.txt');
    await connection.request('writeTerminal', {
      terminalId: 'n.0',
      data: `env > ${out}.part; mv ${out}.part ${out}\r`,
    });
    await until(() => existsSync(out), 'the shell’s environment');
    const seen = Object.fromEntries(
      (await readFile(out, 'utf8'))
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(seen).filter((key) => /^npm_|^INIT_CWD$/i.test(key))).toEqual([]);
    expect(seen['PATH']?.split(':')[0]).toBe(join(dir, 'my-bin'));
    expect(seen['PATH']).not.toContain('node_modules');
    expect(seen['MY_SETTING']).toBe('kept');
  });
});
