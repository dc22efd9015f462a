import { screen, type BrowserWindow } from 'electron';
import { JsonFile } from '../host/json-file';
import { isReachable, windowStateSchema, type WindowState } from './window-bounds';
import { errorMessage } from '../../shared/error-message';

const SAVE_DELAY_MS = 500;

/** The main window's size and position, remembered between runs. */
export class WindowStateStore {
  private readonly file: JsonFile<WindowState>;

  constructor(
    path: string,
    private readonly log: (message: string) => void,
  ) {
    this.file = new JsonFile(path, windowStateSchema, log);
  }

  /** Saved bounds, unless they no longer show on any display (a monitor was unplugged). */
  async restore(): Promise<WindowState | null> {
    const saved = await this.file.read();
    if (!saved) return null;
    return isReachable(
      saved,
      screen.getAllDisplays().map(({ workArea }) => workArea),
    )
      ? saved
      : null;
  }

  track(window: BrowserWindow): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      if (window.isDestroyed() || window.isMinimized()) return;
      const bounds = window.getNormalBounds();
      this.file
        .write({ ...bounds, maximized: window.isMaximized() })
        .catch((error: unknown) =>
          this.log(`tether: could not save the window's place: ${errorMessage(error)}`),
        );
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
