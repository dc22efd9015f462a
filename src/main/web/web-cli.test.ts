import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '#test/support/until';

// Bad arguments get one plain line and the usage, never a stack trace.
function run(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'web-cli.ts'), ...args],
    {
      encoding: 'utf8',
      timeout: 20_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

it('npm run web -- --help prints the usage and ends', () => {
  const { status, stdout, stderr } = run('--help');
  expect(status).toBe(0);
  expect(stdout).toContain('usage: npm run web');
  expect(stdout).toContain('--state-dir DIR');
  expect(stderr).toBe('');
});

describe('npm run web: argument errors', () => {
  it.each([
    [['--port', 'abc'], 'bad port abc'],
    [['--port', '70000'], 'bad port 70000'],
    [['--cwd', '/no/such/dir'], '/no/such/dir is not a directory'],
    [['--colour'], "Unknown option '--colour'"],
  ])('%j', (args, message) => {
    const { status, stderr } = run(...args);
    expect(status).toBe(2);
    expect(stderr).toContain(`tether web: ${message}`);
    expect(stderr).toContain('usage: npm run web');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

const repo = join(__dirname, '..', '..', '..');

/**
 * A copy of the sources beside a stand-in for the built renderer, which web-cli looks for next to
 * them: the test needs no build, and never touches the checkout's out/ (builds rewrite it).
 */
/** A staged copy of the project and the folders a browser-mode run gets, all under `dir`. */
function stagedFolders(dir: string) {
  const [root, home, workspace, state] = ['project', 'home', 'ws', 'state'].map((name) =>
    join(dir, name),
  ) as [string, string, string, string];
  for (const folder of [root, home, workspace]) mkdirSync(folder);
  stage(root);
  return { root, home, workspace, state };
}

function stage(root: string): void {
  cpSync(join(repo, 'src'), join(root, 'src'), { recursive: true });
  // tsx compiles as the checkout does: its tsconfig decides how class fields are set up.
  for (const file of ['package.json', 'tsconfig.json', 'tsconfig.base.json']) {
    copyFileSync(join(repo, file), join(root, file));
  }
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
  writeFileSync(
    join(root, 'out', 'renderer', 'index.html'),
    '<!doctype html><title>staged</title>',
  );
}

// What stands for a fault no handler catches (a bug in a callback of some library): loaded into
// the real web-cli before it runs, it throws in a timer and leaves a rejection unawaited when told
// to. Nothing in Tether's own code exists for the test's sake.
const faults = `data:text/javascript,${encodeURIComponent(`
  process.on('SIGUSR2', () => {
    setTimeout(() => { throw new Error('thrown where nothing catches it'); });
    setTimeout(() => { Promise.reject(new Error('rejected where nobody waits')); }, 5);
  });
`)}`;

describe.skipIf(process.platform === 'win32')(
  'npm run web: what escapes every handler (skipped on Windows: the fault comes on a signal)',
  () => {
    let dir: string;
    let child: ReturnType<typeof spawn> | undefined;
    afterEach(() => {
      if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    it('is logged, and browser mode goes on serving', async () => {
      dir = mkdtempSync(join(tmpdir(), 'web-cli-'));
      const { root, home, workspace, state } = stagedFolders(dir);
      const cli = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--import',
          faults,
          join(root, 'src', 'main', 'web', 'web-cli.ts'),
          '--cwd',
          workspace,
          '--state-dir',
          state,
        ],
        {
          cwd: root,
          env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child = cli;
      let stderr = '';
      createInterface({ input: cli.stderr! }).on('line', (line) => (stderr += `${line}\n`));
      let url = '';
      createInterface({ input: cli.stdout! }).on('line', (line) => {
        if (/^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/.test(line)) url = line;
      });
      const running = () => cli.exitCode === null && cli.signalCode === null;
      await until(() => url !== '' || !running(), 'the URL', 30_000);
      expect(url, stderr).not.toBe('');

      cli.kill('SIGUSR2');
      const logged = [
        'tether: internal error, still running (thrown where nothing catches it)',
        'tether: unhandled failure, still running (rejected where nobody waits)',
      ];
      await until(() => logged.every((line) => stderr.includes(line)) || !running(), 'the log');
      expect(running(), stderr).toBe(true);
      expect(stderr.split('\n')).toEqual(expect.arrayContaining(logged));
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('staged');

      const exited = new Promise((resolve) => cli.once('exit', resolve));
      cli.kill('SIGTERM');
      expect(await exited).toBe(0);
    });
  },
);

describe('npm run web: a second start on the same state folder', () => {
  let dir: string;
  let first: ReturnType<typeof spawn> | undefined;
  afterEach(() => {
    if (first?.exitCode === null && first.signalCode === null) first.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts no server: it prints the running one’s address, which `npm start` opens', async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-cli-'));
    const { root, home, workspace, state } = stagedFolders(dir);
    const cli = join(root, 'src', 'main', 'web', 'web-cli.ts');
    const args = ['--import', 'tsx', cli, '--cwd', workspace, '--state-dir', state];
    const options = {
      cwd: root,
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
    };
    first = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let url = '';
    createInterface({ input: first.stdout! }).on('line', (line) => {
      if (/^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/.test(line)) url = line;
    });
    await until(() => url !== '' || first?.exitCode !== null, 'the URL', 30_000);
    expect(url).not.toBe('');

    const second = spawnSync(process.execPath, args, {
      ...options,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout.split('\n')).toContain(url);
    expect(second.stdout).toContain(`already running on ${state}`);
    // The first one serves on, alone.
    expect((await fetch(url)).status).toBe(200);

    const exited = new Promise((resolve) => first!.once('exit', resolve));
    first.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(readdirSync(state)).not.toContain('browser-server.json');
  });
});
