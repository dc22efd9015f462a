import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } } },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require packages: whatever it imports is bundled into it.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // electron-vite leaves the page unminified; the page parses all of its first chunk before
      // it can paint, so minified it starts sooner (e2e/bundle-size.spec.ts keeps the budget).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    worker: {
      // The Markdown worker loads the highlighter when it first meets code: a chunk of its own.
      format: 'es',
      // A worker has no DOM: micromark's entity decoder as Node has it, not its browser build.
      plugins: () => [
        {
          name: 'worker-entity-decoder',
          enforce: 'pre',
          resolveId: (source) =>
            source === 'decode-named-character-reference'
              ? createRequire(__filename).resolve(source)
              : null,
        },
      ],
    },
    plugins: [react()],
  },
});
