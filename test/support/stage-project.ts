import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The working tree as a fresh checkout would have it, minus build output, at `project`: for a test
 * that builds (out/, dist/) without touching the files other tests read in the checkout. Hard links
 * make it instant: no file is written through them (a build's output is new files).
 */
export function stageProject(project: string): void {
  mkdirSync(project);
  const skip = new Set(['.git', 'out', 'dist', 'test-results', 'playwright-report', '.tether-tmp']);
  const entries = readdirSync(repo)
    .filter((name) => !skip.has(name))
    .map((name) => join(repo, name));
  // GNU cp hard-links (-l); macOS's cp has no -l but clones on APFS (-c), as cheap for a
  // node_modules of ~20,000 files. On another file system than the checkout's, a plain copy.
  for (const flags of ['-al', '-ac', '-a']) {
    try {
      execFileSync('cp', [flags, ...entries, project], { stdio: 'ignore' });
      return;
    } catch (error) {
      if (flags === '-a') throw error;
    }
  }
}
