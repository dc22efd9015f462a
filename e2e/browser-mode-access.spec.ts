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
  test('a page without the token or with a wrong one is refused', async ({ page, browserMode }) => {
    const missing = await page.goto(browserMode.origin + '/');
    expect(missing?.status()).toBe(403);
    await expect(page.getByText('Forbidden: missing or wrong token')).toBeVisible();
    await screenshot(page, 'browser-mode-no-token');
    const wrong = await page.goto(`${browserMode.origin}/?token=not-the-token`);
    expect(wrong?.status()).toBe(403);
    const asset = await page.goto(`${browserMode.origin}/index.html`);
    expect(asset?.status()).toBe(403);
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

  test('the served page works once the token is in the URL', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await expect(page.getByRole('region', { name: 'Terminal' })).toHaveCount(1);
    // Assets are fetched without the token in their URL: the session cookie carries it.
    const css = await page.evaluate(() =>
      fetch(document.querySelector('link[rel=stylesheet]')!.getAttribute('href')!).then(
        (r) => r.status,
      ),
    );
    expect(css).toBe(200);
  });
});

test('the page says so when the host goes away', async ({ page, browserMode }) => {
  await openApp(page, browserMode.url);
  await browserMode.stop();
  // Blocks whose requests were in flight may say so too; this is the page's own banner.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Restart it and reload this page' }),
  ).toHaveText(/The connection to Tether was lost/);
});
