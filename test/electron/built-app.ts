import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import Module, { type createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import * as electron from './stand-in/electron';

export const root = resolve(__dirname, '../..');
/** The built app's main process, as electron-vite bundles it. */
export const mainBundle = join(root, 'out/main/index.js');

/** The newest modification time under `path`. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds the app unless out/ is newer than every source and the build config. */
export function buildIfStale(): void {
  const sources = Math.max(
    newest(join(root, 'src')),
    newest(join(root, 'electron.vite.config.ts')),
  );
  if (existsSync(mainBundle) && newest(join(root, 'out')) >= sources) return;
  execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'pipe', timeout: 170_000 });
}

/** Every require('electron') of the bundle and of its dependencies (electron-log) gets the stand-in. */
export function useStandInElectron(requireFromBundle: ReturnType<typeof createRequire>): void {
  const electronId = requireFromBundle.resolve('electron');
  const standInModule = new Module(electronId);
  // The main process's electron has no renderer modules (electron-log looks for ipcRenderer).
  const { contextBridge: _bridge, ipcRenderer: _ipc, webUtils: _utils, ...mainProcess } = electron;
  standInModule.exports = mainProcess;
  standInModule.loaded = true;
  requireFromBundle.cache[electronId] = standInModule;
}
