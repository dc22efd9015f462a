import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LaunchPage {
  /** What the browser opener gets: a file URL that names no secret. */
  url: string;
  remove(): void;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page, readable by this user only, that sends the browser on to browser mode's URL. The
 * opener and the browser it starts keep their arguments in their command lines, which every
 * local user can read (/proc, ps): the URL with the token must not be one of them.
 */
export function writeLaunchPage(target: string, parent = tmpdir()): LaunchPage {
  const dir = mkdtempSync(join(parent, 'tether-open-'));
  const file = join(dir, 'open.html');
  const href = escapeHtml(target);
  writeFileSync(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}">` +
      `<title>Tether</title><p><a href="${href}">Open Tether</a></p>\n`,
    { mode: 0o600 },
  );
  return {
    url: pathToFileURL(file).href,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
