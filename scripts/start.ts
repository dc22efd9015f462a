// `npm start [-- --cwd DIR ...]`: the Electron window where Electron can start, else browser mode
// (as `npm run web`) with one line that says why, and the system browser opened on its URL.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { browserStateDir } from '../src/main/host/config-dir';
import { runningServer } from '../src/main/web/running-instance';
import { builtFromSources, recordBuild, sourcesStamp } from './start/build-once';
import { checkLaunch, fallbackLine } from './start/launch-check';
import { writeLaunchPage, type LaunchPage } from './start/launch-page';
import { openBrowser, shouldOpenBrowser } from './start/open-browser';
import { runChild } from './start/run-child';
import { systemProbe } from './start/system-probe';

const root = resolve(__dirname, '..');
const args = process.argv.slice(2);
const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
// How long the page that forwards the browser to browser mode stays for the browser to read.
const PAGE_READ_MS = 10_000;

/**
 * Builds the app where out/ does not hold the build of the sources as they are: one line says to
 * wait, and the build's own output shows only when it fails.
 */
async function build(): Promise<number> {
  const stamp = sourcesStamp(root);
  if (builtFromSources(root, stamp)) return 0;
  console.log('Building Tether… (first start only)');
  let output = '';
  const status = await runChild(process.execPath, [electronVite, 'build'], {
    cwd: root,
    env: process.env,
    onOutput: (text) => (output += text),
  });
  if (status !== 0) {
    process.stderr.write(output);
    console.error(`tether: the build failed (exit status ${status}); its output is above.`);
    return status;
  }
  recordBuild(root, stamp);
  return 0;
}

/** The state folder browser mode would serve, as web-cli reads its arguments. */
function stateDirOf(argv: string[]): string {
  const { values } = parseArgs({
    args: argv,
    options: { 'state-dir': { type: 'string' } },
    strict: false,
  });
  const given = values['state-dir'];
  return resolve(typeof given === 'string' ? given : browserStateDir());
}

async function browserMode(reason: string): Promise<number> {
  console.log(fallbackLine(reason));
  const options = { cwd: root, env: process.env };

  let opened = false;
  let page: LaunchPage | undefined;
  let pageWritten = 0;
  const openOnUrl = (line: string) => {
    const url = /^https?:\/\/\S+$/.exec(line.trim())?.[0];
    if (!url || opened) return;
    opened = true;
    if (!shouldOpenBrowser(process.platform, process.env)) return;
    page = writeLaunchPage(url);
    pageWritten = Date.now();
    openBrowser(page.url, { platform: process.platform, spawn, warn: (l) => console.error(l) });
  };
  const webCli = join(root, 'src', 'main', 'web', 'web-cli.ts');
  try {
    // A second start finds the first before it builds: what it would build is already served.
    const stateDir = stateDirOf(args);
    const running = await runningServer(stateDir);
    if (running) {
      console.log(`Tether browser mode is already running on ${stateDir}:\n${running}`);
      openOnUrl(running);
      return 0;
    }
    const built = await build();
    if (built !== 0) return built;
    return await runChild(process.execPath, ['--import', 'tsx', webCli, ...args], {
      ...options,
      onLine: openOnUrl,
    });
  } finally {
    // A server already running hands over its address and ends at once: the browser may not
    // have read the page yet.
    const unread = PAGE_READ_MS - (Date.now() - pageWritten);
    if (page && unread > 0) await new Promise((resolve) => setTimeout(resolve, unread));
    page?.remove();
  }
}

async function main(): Promise<number> {
  const launch = checkLaunch(systemProbe(root));
  if ('reason' in launch) return browserMode(launch.reason);
  const built = await build();
  if (built !== 0) return built;
  // Arguments after `--` reach the Electron app (electron-vite keeps the others for itself).
  return runChild(
    process.execPath,
    [electronVite, 'preview', '--skipBuild', ...(args.length ? ['--', ...args] : [])],
    {
      cwd: root,
      env: { ...process.env, ELECTRON_EXEC_PATH: launch.binary },
    },
  );
}

void main().then((status) => process.exit(status));
