import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bashIntegration } from './bash';
import { fishIntegration } from './fish';
import { scriptPaths } from './launch';
import { powershellIntegration } from './powershell';
import { zshIntegration } from './zsh';

/** Writes every shell's script into `folder`, laid out as `scriptPaths` says. */
export function installScripts(folder: string): void {
  writeFileSync(join(folder, ...scriptPaths.bash), bashIntegration);
  writeFileSync(join(folder, ...scriptPaths.powershell), powershellIntegration);
  const zsh = join(folder, ...scriptPaths.zsh);
  mkdirSync(zsh, { recursive: true });
  for (const [name, text] of Object.entries(zshIntegration)) writeFileSync(join(zsh, name), text);
  const fish = join(folder, ...scriptPaths.fish, 'fish', 'vendor_conf.d');
  mkdirSync(fish, { recursive: true });
  writeFileSync(join(fish, 'tether.fish'), fishIntegration);
}

let folder: string | undefined;

/**
 * The scripts, written once per process into a private folder of their own (the shells read them
 * by path), and again if something cleared the temporary folder since.
 */
export function scriptFolder(): string {
  if (!folder || !existsSync(join(folder, ...scriptPaths.bash))) {
    folder = mkdtempSync(join(tmpdir(), 'tether-shell-'));
    installScripts(folder);
  }
  return folder;
}
