import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The bench page, built next to the app's renderer and served by the same browser-mode server.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, '../../out/bench-terminal'),
    emptyOutDir: true,
    // Chromium needs no polyfill, and vite 8 cannot resolve it from a config outside its root.
    modulePreload: { polyfill: false },
  },
});
