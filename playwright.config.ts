import { defineConfig } from '@playwright/test';

// Chromium comes from the system (never `playwright install` here): CHROMIUM_PATH, else Debian's.
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

// This machine's closed network refuses Chromium's background connections; these keep it quiet.
const quietChromium = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  // Not test-results/ itself: Playwright empties its output folder, and vitest writes there too.
  outputDir: 'test-results/playwright-output',
  use: {
    viewport: { width: 1280, height: 760 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /electron\.spec\.ts/,
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumPath,
          // Without WebGL xterm falls back to its DOM renderer, whose rows the specs read as
          // text. With WebGL drawn in software (all this machine has) Tether picks that renderer
          // too; one spec launches Chromium with SwiftShader to check it.
          args: [...quietChromium, '--disable-3d-apis'],
        },
      },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});

export { quietChromium };
