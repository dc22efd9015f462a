import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { standIn, type BrowserWindow } from './stand-in/electron';
import { overlayDot } from '../../src/main/electron/attention-badge';
import { createMainWindow } from '../../src/main/electron/main-window';
import { WindowStateStore } from '../../src/main/electron/window-state';
import { attentionCount, attentionTitle } from '../../src/shared/attention-title';
import { tempDir } from './support';

vi.mock('electron', () => import('./stand-in/electron'));

let dir: Awaited<ReturnType<typeof tempDir>>;

async function open(platform: NodeJS.Platform): Promise<BrowserWindow> {
  const window = await createMainWindow({
    source: { kind: 'file', path: '/opt/tether/out/renderer/index.html' },
    preload: '/opt/tether/out/preload/index.js',
    windowState: new WindowStateStore(join(dir.path, 'window-state.json'), () => undefined),
    log: () => undefined,
    logFile: '/logs/main.log',
    platform,
  });
  return window as unknown as BrowserWindow;
}

// What Electron emits when the page sets document.title.
const pageTitle = (window: BrowserWindow, count: number) =>
  window.emit('page-title-updated', { preventDefault() {} }, attentionTitle(count), true);

beforeEach(async () => {
  standIn.reset();
  dir = await tempDir('attention-badge-');
});

afterEach(async () => {
  standIn.reset();
  await dir.remove();
});

describe('the badge of blocks that need the user', () => {
  it('reads the count back from the title the page sets, and nothing from other titles', () => {
    expect(attentionTitle(0)).toBe('Tether');
    expect(attentionCount(attentionTitle(3))).toBe(3);
    expect(attentionCount('Tether')).toBe(0);
    expect(attentionCount('vim (2)')).toBe(0);
  });

  for (const platform of ['darwin', 'linux'] as const) {
    it(`sets the app's badge count on ${platform}`, async () => {
      const window = await open(platform);
      pageTitle(window, 2);
      expect(standIn.badgeCount).toBe(2);
      pageTitle(window, 0);
      expect(standIn.badgeCount).toBe(0);
      expect(window.overlay).toBeNull();
    });
  }

  it('puts an overlay icon on the taskbar button on Windows, and takes it off at 0', async () => {
    const window = await open('win32');
    pageTitle(window, 1);
    expect(window.overlay).toMatchObject({ description: 'Needs you: 1' });
    expect(window.overlay?.image).toMatchObject({ width: 16, height: 16 });
    pageTitle(window, 0);
    expect(window.overlay).toEqual({ image: null, description: '' });
    expect(standIn.badgeCount).toBeNull();
  });

  it('draws the overlay as an opaque disc on a transparent square', () => {
    const pixels = overlayDot(16);
    const alpha = (x: number, y: number) => pixels[(y * 16 + x) * 4 + 3];
    expect(pixels.length).toBe(16 * 16 * 4);
    expect(alpha(8, 8)).toBe(0xff);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(15, 15)).toBe(0);
  });
});
