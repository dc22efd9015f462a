import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { screenshot } from './support/app-page';
import { expect, openApp, test } from './support/browser-mode';

/** Resolves with the HTTP status a WebSocket upgrade got: 101 when it was accepted. */
function upgradeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {});
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

test.describe('browser mode refuses strangers', () => {
  test('a page without the token says where the address with it is printed', async ({
    page,
    browserMode,
  }) => {
    await page.goto(browserMode.origin + '/');
    await expect(page.getByRole('heading', { name: 'Open Tether with its token' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('npm start');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Terminal' })).toHaveCount(0);
    await screenshot(page, 'browser-mode-no-token');
    await page.goto(`${browserMode.origin}/?token=not-the-token`);
    await expect(
      page.getByRole('heading', { name: 'This address is from an earlier run of Tether' }),
    ).toBeVisible();
  });

  test('a foreign Origin or Host is refused even with the token', async ({
    request,
    browserMode,
  }) => {
    const foreign = await request.get(browserMode.url, {
      headers: { Origin: 'http://evil.example' },
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toContain('foreign origin');
    const rebound = await request.get(browserMode.url, {
      headers: { Host: `evil.example:${new URL(browserMode.url).port}` },
    });
    expect(rebound.status()).toBe(403);
    const own = await request.get(browserMode.url, { headers: { Origin: browserMode.origin } });
    expect(own.status()).toBe(200);
    expect(own.headers()['content-security-policy']).toContain("script-src 'self'");
  });

  test('the WebSocket needs the token and our Origin', async ({ browserMode }) => {
    const ws = `ws://127.0.0.1:${new URL(browserMode.url).port}/ws`;
    const token = encodeURIComponent(browserMode.token);
    expect(await upgradeStatus(ws)).toBe(403);
    expect(await upgradeStatus(`${ws}?token=wrong`)).toBe(403);
    expect(await upgradeStatus(`${ws}?token=${token}`, 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(`${ws}?token=${token}`, browserMode.origin)).toBe(101);
  });

  test('the token stays in its tab: never a cookie, gone from the address, kept on reload', async ({
    page,
    browserMode,
  }) => {
    await page.goto(browserMode.url);
    await expect(page.getByRole('region', { name: 'Terminal' })).toHaveCount(1);
    expect(page.url()).not.toContain(browserMode.token);
    expect(await page.context().cookies()).toEqual([]);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Terminal' })).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Cookies ignore ports: another server on 127.0.0.1 that this browser visits next must not
    // receive anything of Tether's.
    const seen: string[] = [];
    const other = createServer((request, response) => {
      seen.push(JSON.stringify(request.headers));
      response.end('another local server');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    other.close();
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) {
      expect(headers).not.toContain(browserMode.token);
      expect(JSON.parse(headers)).not.toHaveProperty('cookie');
    }
  });
});

test('the page says so when the host goes away, over the layout, and how to get back', async ({
  page,
  browserMode,
}) => {
  await openApp(page, browserMode.url);
  const toolbar = page.getByRole('toolbar', { name: 'Workspace' });
  const before = await toolbar.boundingBox();
  await browserMode.stop();
  // Blocks whose requests were in flight may say so too; this is the page's own banner.
  const banner = page.getByRole('alert').filter({ hasText: 'The connection to Tether was lost' });
  await expect(banner).toContainText('reload this page');
  await expect(banner.getByRole('button', { name: 'Reload' })).toBeVisible();
  // Nothing moved under it.
  expect(await toolbar.boundingBox()).toEqual(before);
});
