// `npm start [-- --cwd DIR ...]`: the Electron window where Electron can start, else browser mode
// (as `npm run web`) with one line that says why, and the system browser opened on its URL.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
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

async function browserMode(reason: string): Promise<number> {
  console.log(fallbackLine(reason));
  const options = { cwd: root, env: process.env };
  const built = await runChild(process.execPath, [electronVite, 'build'], options);
  if (built !== 0) return built;

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
  // Arguments after `--` reach the Electron app (electron-vite keeps the others for itself).
  return runChild(
    process.execPath,
    [electronVite, 'preview', ...(args.length ? ['--', ...args] : [])],
    {
      cwd: root,
      env: { ...process.env, ELECTRON_EXEC_PATH: launch.binary },
    },
  );
}

void main().then((status) => process.exit(status));
