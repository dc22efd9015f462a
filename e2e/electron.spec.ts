import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, test, type ElectronApplication, type Page } from '@playwright/test';
import {
  createFocusAndCloseBlocks,
  echoInNewTerminal,
  interruptYes,
  seqShowsLastLine,
} from './support/flows';
import { firstTerminal, row, runInTerminal } from './support/app-page';

// The same flows as the browser-mode specs, in the real Electron window. They need the Electron
// binary, which `npm install` downloads where the network allows it, and a display on Linux.

// Found the way node_modules/electron does, but without its fallback of downloading the binary.
function electronBinary(): string | null {
  const pkg = join(__dirname, '..', 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron';
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const binary = override ? join(override, name) : join(pkg, 'dist', name);
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY']);

test.skip(
  !binary,
  'skipped: no Electron binary in node_modules/electron (its download failed or never ran)',
);
test.skip(!hasDisplay, 'skipped: no display to open an Electron window on (run under xvfb-run)');

let app: ElectronApplication;
let page: Page;
let dir: string;
let workspaceDir: string;

test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'electron-e2e-'));
  workspaceDir = join(dir, 'workspace');
  const home = join(dir, 'home');
  await Promise.all([mkdir(workspaceDir), mkdir(home)]);
  app = await electron.launch({
    executablePath: binary!,
    // Without WebGL xterm uses its DOM renderer, whose rows the flows read as text.
    args: [
      join(__dirname, '..', 'out', 'main', 'index.js'),
      '--cwd',
      workspaceDir,
      '--disable-3d-apis',
    ],
    env: { ...process.env, SHELL: '/bin/bash', HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
  });
  page = await app.firstWindow();
});

test.afterEach(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

test('opens a terminal from the keyboard and runs echo', async () => {
  await echoInNewTerminal(page, workspaceDir, 'electron-terminal-echo');
});

test('shows the last line of seq 1 200000', async () => {
  await seqShowsLastLine(page, 'electron-terminal-seq');
});

test('Ctrl+C during yes returns the prompt', async () => {
  await interruptYes(page, 'electron-terminal-yes-interrupted');
});

test('creates, focuses and closes blocks from the keyboard', async () => {
  await createFocusAndCloseBlocks(page, 'electron-workspace');
});

test('the window exposes only the host bridge to the page', async () => {
  const exposed = await page.evaluate(() => ({
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process,
    api: Object.keys((window as unknown as { tether: object }).tether).sort(),
  }));
  test.expect(exposed.require).toBe('undefined');
  test.expect(exposed.process).toBe('undefined');
  test.expect(exposed.api).toEqual(['notify', 'pathForFile', 'request', 'subscribe']);
});

test('a file dropped onto a terminal leaves the page and its shell in place', async () => {
  await echoInNewTerminal(page, workspaceDir, 'electron-terminal-before-drop');
  const terminal = await firstTerminal(page);
  const url = page.url();
  // A File made in the page has no path on disk: nothing is typed, but the drop must not navigate
  // (which would end every shell) nor be followed by Chromium.
  const cancelled = await terminal.locator('.terminal-container').evaluate((element) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'notes.txt'));
    return ['dragover', 'drop'].map(
      (type) =>
        !element.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
        ),
    );
  });
  test.expect(cancelled).toEqual([true, true]);
  test.expect(page.url()).toBe(url);
  await terminal.locator('textarea').focus();
  await runInTerminal(page, 'echo still-$((40+2))');
  await test.expect(row(terminal, /^still-42/)).toBeVisible();
});
