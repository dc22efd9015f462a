import { existsSync, readFileSync } from 'node:fs';
import type { LaunchProbe } from './launch-check';

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The launch check's view of this machine: its platform, environment and disk. */
export function systemProbe(root: string, env: NodeJS.ProcessEnv = process.env): LaunchProbe {
  return { platform: process.platform, env, exists: existsSync, readText, root };
}
