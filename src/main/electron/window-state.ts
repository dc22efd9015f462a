import { screen, type BrowserWindow, type Rectangle } from 'electron';
import { z } from 'zod';
import { JsonFile } from '../host/json-file';

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(150),
  maximized: z.boolean(),
});
type WindowState = z.infer<typeof windowStateSchema>;

const SAVE_DELAY_MS = 500;

/** The main window's size and position, remembered between runs. */
export class WindowStateStore {
  private readonly file: JsonFile<WindowState>;

  constructor(path: string) {
    this.file = new JsonFile(path, windowStateSchema);
  }

  /** Saved bounds, unless they no longer fall on any display (a monitor was unplugged). */
  async restore(): Promise<(Rectangle & { maximized: boolean }) | null> {
    const saved = await this.file.read();
    if (!saved) return null;
    const visible = screen.getAllDisplays().some(({ workArea }) => overlaps(saved, workArea));
    return visible ? saved : null;
  }

  track(window: BrowserWindow): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      if (window.isDestroyed() || window.isMinimized()) return;
      const bounds = window.getNormalBounds();
      void this.file.write({ ...bounds, maximized: window.isMaximized() });
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    };
    window.on('resize', later);
    window.on('move', later);
    window.on('maximize', later);
    window.on('unmaximize', later);
    window.on('close', save);
  }
}

function overlaps(a: Rectangle, b: Rectangle): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
