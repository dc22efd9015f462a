import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// What the build reads besides node_modules (whose changes show in package-lock.json).
const INPUTS = ['src', 'resources', 'electron.vite.config.ts', 'package.json', 'package-lock.json'];
const STAMP = join('out', '.sources-stamp');

/** Every file under `path` (or `path` itself), with its size and modification time. */
function* files(root: string, path: string): Generator<string> {
  let info;
  try {
    info = statSync(path);
  } catch {
    return;
  }
  if (info.isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(root, join(path, name));
  } else {
    yield `${relative(root, path)}\0${info.size}\0${info.mtimeMs}`;
  }
}

/**
 * A digest of the build's sources as they are on disk: names, sizes and modification times, which
 * an edit, a checkout or a pull all change. The TypeScript configurations count too.
 */
export function sourcesStamp(root: string): string {
  const hash = createHash('sha256');
  const configs = readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name));
  for (const input of [...INPUTS, ...configs.sort()]) {
    for (const line of files(root, join(root, input))) hash.update(`${line}\n`);
  }
  return hash.digest('hex');
}

/** Whether out/ was built by `npm start` from the sources as they are now. */
export function builtFromSources(root: string, stamp = sourcesStamp(root)): boolean {
  try {
    return readFileSync(join(root, STAMP), 'utf8') === stamp;
  } catch {
    return false;
  }
}

/** Records that out/ holds the build of the sources as `stamp` found them. */
export function recordBuild(root: string, stamp: string): void {
  writeFileSync(join(root, STAMP), stamp);
}
