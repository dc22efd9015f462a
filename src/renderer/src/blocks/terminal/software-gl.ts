// Rasterizers that draw WebGL on the CPU: Chromium's SwiftShader, Mesa's llvmpipe and softpipe,
// Windows' "Microsoft Basic Render Driver".
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

let cached: boolean | undefined;

/**
 * True when this page's WebGL is drawn in software. xterm's WebGL renderer then costs more CPU
 * than its DOM renderer and competes with the parser: on SwiftShader `npm run bench:terminal`
 * measured it parsing at 10.8 MB/s, where the DOM renderer managed 25–30 MB/s in the same run.
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
