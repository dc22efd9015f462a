// Rasterizers that draw WebGL on the CPU: Chromium's SwiftShader, Mesa's llvmpipe and softpipe,
// Windows' "Microsoft Basic Render Driver".
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

let cached: boolean | undefined;

/**
 * True when this page's WebGL is drawn in software. xterm's WebGL renderer then costs more CPU
 * than its DOM renderer and competes with the parser: `npm run bench:terminal` measured its parse
 * ceiling at 10.8 MB/s against 25–30 MB/s for the DOM renderer on such a machine.
 */
export function webglIsSoftware(): boolean {
  cached ??= probe();
  return cached;
}

function probe(): boolean {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return SOFTWARE.test(renderer);
}
