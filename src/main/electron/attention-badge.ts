import { app, nativeImage, type BrowserWindow, type NativeImage } from 'electron';
import { attentionCount } from '../../shared/attention-title';

const OVERLAY_SIZE = 16;

/**
 * A filled amber disc on a transparent square, as BGRA pixels: Windows has no badge count, so
 * the taskbar button gets this overlay while something waits (the tooltip tells how many).
 */
export function overlayDot(size = OVERLAY_SIZE): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2 - 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (Math.hypot(x - centre, y - centre) > radius) continue;
      pixels.set([0x29, 0xb4, 0xf0, 0xff], (y * size + x) * 4);
    }
  }
  return pixels;
}

/**
 * Shows the number of blocks that need the user on the dock (macOS) or launcher (Linux, where the
 * desktop supports it) badge, or as an overlay on the taskbar button (Windows), following the
 * page's title ("Tether (2)").
 */
export function watchAttentionBadge(window: BrowserWindow, platform: NodeJS.Platform): void {
  let overlay: NativeImage | null = null;
  let shown = 0;
  window.on('page-title-updated', (_event, title) => {
    const count = attentionCount(title);
    if (count === shown) return;
    shown = count;
    if (platform !== 'win32') {
      app.setBadgeCount(count);
      return;
    }
    overlay ??= nativeImage.createFromBitmap(overlayDot(), {
      width: OVERLAY_SIZE,
      height: OVERLAY_SIZE,
    });
    window.setOverlayIcon(count > 0 ? overlay : null, count > 0 ? `Needs you: ${count}` : '');
  });
}
