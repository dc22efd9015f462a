import { pathToFileURL } from 'node:url';

/** Where the window's page comes from. */
export type RendererSource = { kind: 'url'; url: string } | { kind: 'file'; path: string };

/**
 * The dev server's URL (`ELECTRON_RENDERER_URL`, set by `electron-vite dev`) only in an
 * unpackaged run: in an installed app that variable would let anyone who can set the environment
 * hand the window, and with it the host, to a page of their choosing.
 */
export function rendererSource(options: {
  isPackaged: boolean;
  devServerUrl: string | undefined;
  rendererFile: string;
}): RendererSource {
  const { isPackaged, devServerUrl, rendererFile } = options;
  return !isPackaged && devServerUrl
    ? { kind: 'url', url: devServerUrl }
    : { kind: 'file', path: rendererFile };
}

/**
 * Whether a frame's URL shows that renderer: the dev server's origin, or exactly the renderer's
 * file (query and fragment aside). Chromium and Node may spell the same file differently: percent
 * escapes, and on Windows the drive letter's case (file:///C:/ against file:///c:/).
 */
export function isRendererUrl(
  url: string,
  source: RendererSource,
  platform: NodeJS.Platform,
): boolean {
  const actual = parse(url);
  if (!actual) return false;
  if (source.kind === 'url') {
    const expected = parse(source.url);
    return expected !== null && actual.origin === expected.origin;
  }
  if (actual.protocol !== 'file:' || actual.host !== '') return false;
  const expected = pathToFileURL(source.path, { windows: platform === 'win32' });
  return filePath(actual, platform) === filePath(expected, platform);
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function filePath(url: URL, platform: NodeJS.Platform): string {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
  return platform === 'win32'
    ? path.replace(/^\/([a-z]):/i, (_match, drive: string) => `/${drive.toUpperCase()}:`)
    : path;
}
