import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** A file of the built renderer by URL path; never anything outside `root`. */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  } catch {
    return null;
  }
  const path = normalize(join(root, relative));
  if (!path.startsWith(normalize(root) + sep)) return null;
  try {
    if (!(await stat(path)).isFile()) return null;
    return {
      body: await readFile(path),
      contentType: contentTypes[extname(path)] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}
