import { vi } from 'vitest';

/**
 * What xterm.js and the terminal block need from a page that jsdom lacks: `matchMedia` (the
 * light or dark theme), `ResizeObserver` (nothing resizes here) and a canvas context (none: the
 * WebGL renderer is then skipped, as on a machine without a GPU). Undone by
 * `vi.unstubAllGlobals()` and `vi.restoreAllMocks()`.
 */
export function letXtermRunInJsdom(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    // xterm follows the device pixel ratio through the older names.
    addListener() {},
    removeListener() {},
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}
