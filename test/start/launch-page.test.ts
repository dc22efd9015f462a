import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserOpenCommand } from '../../scripts/start/open-browser';
import { writeLaunchPage } from '../../scripts/start/launch-page';

const target = 'http://127.0.0.1:41234/?token=s3cret-t0ken_x';

describe('the launch page', () => {
  it('keeps the token out of the opener’s command line, in a file only this user reads', () => {
    const page = writeLaunchPage(target);
    try {
      for (const platform of ['linux', 'darwin', 'win32'] as const) {
        const { command, args } = browserOpenCommand(platform, page.url);
        expect([command, ...args].join(' ')).not.toContain('s3cret');
      }
      const file = fileURLToPath(page.url);
      if (process.platform !== 'win32') {
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
      }
      expect(readFileSync(file, 'utf8')).toContain(
        '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:41234/?token=s3cret-t0ken_x">',
      );
    } finally {
      page.remove();
    }
    expect(() => statSync(fileURLToPath(page.url))).toThrow();
  });

  it('escapes what it writes into the page', () => {
    const page = writeLaunchPage('http://127.0.0.1:1/?token=a"><script>x</script>&b=1');
    try {
      const html = readFileSync(fileURLToPath(page.url), 'utf8');
      expect(html).not.toContain('<script>');
      expect(html).toContain('&#34;&#62;&#60;script&#62;');
    } finally {
      page.remove();
    }
  });
});
