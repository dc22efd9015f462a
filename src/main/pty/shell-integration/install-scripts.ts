import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bashIntegration } from './bash';
import { fishIntegration } from './fish';
import { scriptPaths, type IntegratedShell } from './launch';
import { powershellIntegration } from './powershell';
import { zshIntegration } from './zsh';

export interface ScriptFile {
  /** Inside the scripts folder, one name a level. */
  path: string[];
  text: string;
}

/** Each shell's files in the scripts folder, laid out as `scriptPaths` says. */
export const integrationFiles: Record<IntegratedShell, ScriptFile[]> = {
  bash: [{ path: [...scriptPaths.bash], text: bashIntegration }],
  zsh: Object.entries(zshIntegration).map(([name, text]) => ({
    path: [...scriptPaths.zsh, name],
    text,
  })),
  fish: [
    {
      path: [...scriptPaths.fish, 'fish', 'vendor_conf.d', 'tether.fish'],
      text: fishIntegration,
    },
  ],
  powershell: [{ path: [...scriptPaths.powershell], text: powershellIntegration }],
};

/** Writes every shell's files into `folder`. */
export function installScripts(folder: string): void {
  for (const { path, text } of Object.values(integrationFiles).flat()) {
    mkdirSync(join(folder, ...path.slice(0, -1)), { recursive: true });
    writeFileSync(join(folder, ...path), text);
  }
}

let folder: string | undefined;

/**
 * The scripts, written once per process into a private folder of their own (the shells read them
 * by path), and again if something cleared the temporary folder since. The folder goes when the
 * process exits; its name carries the pid, so that the host's start removes one a killed Tether
 * left (as it does the agents' FIFO folders, named the same way).
 */
export function scriptFolder(): string {
  if (!folder || !existsSync(join(folder, ...scriptPaths.bash))) {
    if (!folder) process.once('exit', removeScriptFolder);
    folder = mkdtempSync(join(tmpdir(), `tether-${process.pid}-shell-`));
    installScripts(folder);
  }
  return folder;
}

function removeScriptFolder(): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
