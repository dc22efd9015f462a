import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLaunch, fallbackLine } from '../../scripts/start/launch-check';
import { systemProbe } from '../../scripts/start/system-probe';
import { stageProject } from '../support/stage-project';

const urlLine = /^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/;

/** Every process below pid, from ps: the processes that must be gone after the stop. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// The real `npm start` on this machine, where the Electron binary is missing; where it is
// installed (CI on macOS and Windows) ELECTRON_OVERRIDE_DIST_PATH points at an empty folder, so
// the same fallback runs. Process groups and signals are POSIX.
// It runs in a staged copy of the project: its build rewrites out/, which other test files (the
// built-bundle smoke test) read from the checkout while running in parallel.
describe.skipIf(process.platform === 'win32')(
  'npm start where Electron cannot start (skipped on Windows: the stop is a signal to a process group)',
  () => {
    let dir: string;
    let npm: ChildProcess | undefined;
    let tree: number[] = [];
    afterEach(() => {
      // After a failure nothing of the run may outlive the test, browser mode's own group included.
      for (const pid of [npm?.pid, ...tree]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    it('prints why, then a browser-mode URL that answers, and stops with nothing left', async () => {
      dir = mkdtempSync(join(tmpdir(), 'tether-start-'));
      const [home, workspace, state, noElectron, root] = [
        'home',
        'ws',
        'state',
        'no-electron',
        'project',
      ].map((name) => join(dir, name)) as [string, string, string, string, string];
      for (const d of [home, workspace, noElectron]) mkdirSync(d);
      stageProject(root);

      const env: NodeJS.ProcessEnv = {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        npm_config_update_notifier: 'false',
        // The test must never open a browser: no display on Linux, and opted out everywhere.
        BROWSER: 'none',
      };
      for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'ELECTRON_EXEC_PATH']) delete env[name];
      let launch = checkLaunch(systemProbe(root, env));
      if (!('reason' in launch)) {
        env['ELECTRON_OVERRIDE_DIST_PATH'] = noElectron;
        launch = checkLaunch(systemProbe(root, env));
      }
      if (!('reason' in launch)) throw new Error('cannot make Electron unavailable for the test');

      const child = spawn('npm', ['start', '--', '--cwd', workspace, '--state-dir', state], {
        cwd: root,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      npm = child;
      const lines: string[] = [];
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | string | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(code ?? signal)),
      );
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          lines.push(line);
          if (urlLine.test(line)) resolve(line);
        });
        void exited.then((code) =>
          reject(
            new Error(`npm start exited (${code}) before a URL:\n${lines.join('\n')}\n${stderr}`),
          ),
        );
      });

      const reasonAt = lines.indexOf(fallbackLine(launch.reason));
      expect(reasonAt, lines.join('\n')).toBeGreaterThanOrEqual(0);
      expect(reasonAt).toBeLessThan(lines.indexOf(url));
      expect((await fetch(url)).status).toBe(200);
      // One line says to wait; the build's own output (vite's lines, its chunk-size warning) stays
      // out of sight while the build works.
      expect(lines.filter((line) => line === 'Building Tether… (first start only)')).toHaveLength(
        1,
      );
      expect(`${lines.join('\n')}\n${stderr}`).not.toMatch(/vite v\d|chunk|built in|transformed/i);

      // A second start finds the first before building anything, and hands over its page.
      const second = spawnSync('npm', ['start', '--', '--cwd', workspace, '--state-dir', state], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toContain(`already running on ${state}:\n${url}`);
      expect(second.stdout).not.toContain('Building');

      tree = descendants(child.pid!);
      expect(tree.length).toBeGreaterThan(0);
      process.kill(-child.pid!, 'SIGINT');
      // npm itself ends the way it does after Ctrl+C (by SIGINT, or 130) once its script is done.
      const stopped = await Promise.race([exited, sleep(20_000).then(() => 'still running')]);
      expect([0, 130, 'SIGINT']).toContain(stopped);
      const deadline = Date.now() + 5_000;
      while (tree.some(alive) && Date.now() < deadline) await sleep(50);
      expect(tree.filter(alive)).toEqual([]);
      await expect(fetch(url)).rejects.toThrow();
      expect(`${lines.join('\n')}\n${stderr}`).not.toMatch(/\n\s+at /);
    }, 180_000);
  },
);
