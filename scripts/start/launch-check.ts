import { posix, win32 } from 'node:path';

/** What `npm start` looks at to decide whether the Electron window can open here. */
export interface LaunchProbe {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  exists: (path: string) => boolean;
  /** The file's text, or undefined when it cannot be read. */
  readText: (path: string) => string | undefined;
  /** The project folder: paths in the reason are shown relative to it. */
  root: string;
}

export type LaunchCheck = { binary: string } | { reason: string };

/** Linux and the BSDs draw windows through X11 or Wayland; macOS and Windows always have a desktop. */
export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env['DISPLAY'] || env['WAYLAND_DISPLAY']);
}

// What electron's install script writes to path.txt for each platform. Used when path.txt is
// absent, so an ELECTRON_OVERRIDE_DIST_PATH still names the right file on macOS and Windows.
function platformExecutable(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

// electron-vite starts the binary named by ELECTRON_EXEC_PATH, else node_modules/electron/dist plus
// path.txt; it ignores the electron package's ELECTRON_OVERRIDE_DIST_PATH, so the binary found here
// is handed to it as ELECTRON_EXEC_PATH and both agree on what starts.
function electronBinary(probe: LaunchProbe): LaunchCheck {
  const path = probe.platform === 'win32' ? win32 : posix;
  const { env, exists } = probe;
  const shown = (p: string) => path.relative(probe.root, p) || p;

  const execPath = env['ELECTRON_EXEC_PATH'];
  if (execPath) {
    return exists(execPath)
      ? { binary: execPath }
      : { reason: `ELECTRON_EXEC_PATH names ${execPath}, which does not exist` };
  }

  const packageDir = path.join(probe.root, 'node_modules', 'electron');
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = probe.readText(pathFile)?.trim();
  const overrideDir = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (overrideDir) {
    const binary = path.join(overrideDir, executable || platformExecutable(probe.platform));
    return exists(binary)
      ? { binary }
      : {
          reason: `the Electron binary is not in ELECTRON_OVERRIDE_DIST_PATH (${binary} is missing)`,
        };
  }

  // The first missing piece says the most: no dist/ at all means the download never ran.
  const notInstalled = (missing: string) => ({
    reason: `the Electron binary is not installed (${shown(missing)} is missing)`,
  });
  const distDir = path.join(packageDir, 'dist');
  if (!exists(distDir)) return notInstalled(distDir);
  if (!executable) return notInstalled(pathFile);
  const binary = path.join(distDir, executable);
  return exists(binary) ? { binary } : notInstalled(binary);
}

/** The Electron binary to start, or why the window cannot open here. */
export function checkLaunch(probe: LaunchProbe): LaunchCheck {
  const found = electronBinary(probe);
  if ('reason' in found) return found;
  if (!hasDisplay(probe.platform, probe.env)) {
    return {
      reason: 'there is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)',
    };
  }
  return found;
}

/** The one line `npm start` prints before it falls back to browser mode. */
export function fallbackLine(reason: string): string {
  return `tether: ${reason}, so Tether opens in browser mode instead.`;
}
