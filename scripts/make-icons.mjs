// Renders resources/icon.svg into every icon the installers need: the PNG sizes Linux desktops
// look up (resources/icons/NxN.png), icon.icns for macOS and icon.ico for Windows.
// Run with `npm run icons` after editing the SVG, then commit the results.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');
const linuxSizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

function render(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

async function write(path, bytes) {
  if (!bytes) throw new Error(`could not encode ${relative(process.cwd(), path)}`);
  await writeFile(path, bytes);
  console.log(`icons: ${relative(process.cwd(), path)}`);
}

async function main() {
  const svg = await readFile(join(resources, 'icon.svg'));
  await mkdir(join(resources, 'icons'), { recursive: true });
  for (const size of linuxSizes) {
    await write(join(resources, 'icons', `${size}x${size}.png`), render(svg, size));
  }
  // Both formats downscale from one large master; 1024 px is the largest size an icns holds.
  const master = render(svg, 1024);
  await write(join(resources, 'icon.icns'), png2icons.createICNS(master, png2icons.BICUBIC2, 0));
  // BMP entries below 256 px and forWinExe: the layout Windows Explorer and rcedit expect.
  await write(
    join(resources, 'icon.ico'),
    png2icons.createICO(master, png2icons.BICUBIC2, 0, false, true),
  );
}

main().catch((error) => {
  console.error(`icons: ${error.message}`);
  process.exitCode = 1;
});
