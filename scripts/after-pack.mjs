// electron-builder afterPack hook: runs on the unpacked app, before fuses and signing.
// - Makes node-pty's spawn-helper executable: the npm tarball ships it without the bit and
//   electron-builder copies file modes as they are.
// - Stops the build when node-pty's binary for the target is missing (the app could open no
//   terminal) or another platform's is present (packaging on the wrong OS, see `files`).
import { access, constants, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fixSpawnHelpers } from './fix-spawn-helper.mjs';

// electron-builder's Arch enum, by value.
const archNames = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

/** What node-pty loads for a target (see its lib/utils.js): [file, access mode] pairs. */
function requiredFiles(target) {
  if (target.startsWith('linux-')) return [['build/Release/pty.node', constants.R_OK]];
  const dir = `prebuilds/${target}`;
  if (target.startsWith('win32-')) return [[`${dir}/pty.node`, constants.R_OK]];
  return [
    [`${dir}/pty.node`, constants.R_OK],
    [`${dir}/spawn-helper`, constants.X_OK],
  ];
}

export default async function afterPack({ packager, appOutDir, electronPlatformName, arch }) {
  const platform = electronPlatformName === 'mas' ? 'darwin' : electronPlatformName;
  const target = `${platform}-${archNames[arch]}`;
  const resources = packager.getResourcesDir(appOutDir);
  const nodePty = join(resources, 'app.asar.unpacked', 'node_modules', 'node-pty');

  for (const path of await fixSpawnHelpers(nodePty)) {
    console.log(`  • afterPack: made ${path.slice(resources.length + 1)} executable`);
  }
  for (const [file, mode] of requiredFiles(target)) {
    await access(join(nodePty, file), mode).catch(() => {
      throw new Error(`the ${target} package lacks node-pty's ${file}: it could open no terminal`);
    });
  }
  const prebuilds = await readdir(join(nodePty, 'prebuilds')).catch(() => []);
  const foreign = prebuilds.filter((name) => name !== target);
  if (foreign.length > 0) {
    throw new Error(`the ${target} package holds node-pty prebuilds for ${foreign.join(', ')}`);
  }
}
