import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the built portal (`npm run build` first).
 * global-setup.ts starts the SMTP sink and the portal on a fresh data directory; the tests read
 * their addresses from the environment (see helpers.ts). Never run `playwright install`.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // .ci/run sets PLAYWRIGHT_JSON_OUTPUT_FILE to read the counts from a JSON report.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
