// node-pty 1.1.0's npm tarball ships prebuilds/darwin-*/spawn-helper without its execute bit, so on
// macOS every pty spawn fails with "posix_spawnp failed" (microsoft/node-pty#850). This gives every
// spawn-helper in a node-pty folder the execute bit wherever it has the read bit. It runs as the
// postinstall script (development) and from the afterPack hook (the packaged app).
//
//   node scripts/fix-spawn-helper.mjs [NODE_PTY_DIR]   (default: node_modules/node-pty)
import { chmod, readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

async function helperPaths(nodePtyDir) {
  const dirs = [join(nodePtyDir, 'build', 'Release')];
  const prebuilds = join(nodePtyDir, 'prebuilds');
  const entries = await readdir(prebuilds, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) if (entry.isDirectory()) dirs.push(join(prebuilds, entry.name));
  return dirs.map((dir) => join(dir, 'spawn-helper'));
}

function modeOf(path) {
  return stat(path).then(
    (info) => info.mode & 0o777,
    () => null,
  );
}

/** Makes each spawn-helper under nodePtyDir executable; returns the paths it changed. */
export async function fixSpawnHelpers(nodePtyDir) {
  const changed = [];
  for (const path of await helperPaths(nodePtyDir)) {
    const mode = await modeOf(path);
    if (mode === null) continue;
    // Execute wherever read is allowed: 0644 becomes 0755, 0600 becomes 0700.
    const wanted = mode | ((mode & 0o444) >> 2);
    if (wanted === mode) continue;
    await chmod(path, wanted);
    // Windows has no execute bit: chmod changes nothing there, and that is not worth a line.
    if ((await modeOf(path)) === wanted) changed.push(path);
  }
  return changed;
}

async function main() {
  const nodePtyDir = resolve(process.argv[2] ?? join('node_modules', 'node-pty'));
  try {
    const changed = await fixSpawnHelpers(nodePtyDir);
    // Only macOS runs spawn-helper: elsewhere the fix is for a copy that may reach a Mac, and an
    // install there need not hear about it.
    if (process.platform !== 'darwin') return;
    for (const path of changed) {
      console.log(`fix-spawn-helper: made ${relative(process.cwd(), path)} executable`);
    }
  } catch (error) {
    // Never fail an install over this: only macOS terminals depend on it.
    console.warn(`fix-spawn-helper: could not fix node-pty's spawn-helper: ${error.message}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
