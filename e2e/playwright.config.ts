import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's headless shell (package chromium-headless-shell) is the Chromium that Playwright's own
// headless mode runs; the full browser (package chromium) took half as long again per test on CI's
// two cores. Tests tagged @pdf-viewer need the full browser: the shell has no PDF viewer, so a PDF
// opened in a frame or a tab is a download there. Without the shell every test runs in the full
// browser; CHROMIUM_PATH names the browser of every test.
const FULL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const SHELL = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL);
const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * End-to-end journeys in Debian's Chromium against the built portal (`npm run build` first).
 * global-setup.ts starts the SMTP sink and the portal on a fresh data directory; the tests read
 * their addresses from the environment (see helpers.ts). Never run `playwright install`.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  globalSetup: './global-setup.ts',
  // A test file's tests run in order in one worker. Each worker has a portal and an SMTP sink of its
  // own (global-setup.ts), so files in different workers share no rows, mailbox or rate limit. Two
  // workers keep CI's two cores busy: one worker left a third of them idle while its browser waited.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  // .ci/run sets PLAYWRIGHT_JSON_OUTPUT_FILE to read the counts from a JSON report.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : 'list',
  // Two workers on two cores make each test about 1.7 × as long as alone (bench/README.md, 2026-11-29):
  // the longest journey took 30 s there, and a machine with a browser twice as slow would bring it
  // near a minute. A passing test never waits for this limit; it only ends one that hangs.
  timeout: 120_000,
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
  },
  projects: [
    {
      name: 'headless-shell',
      grepInvert: /@pdf-viewer/,
      use: { launchOptions: { executablePath: SHELL, args: launchArgs } },
    },
    {
      name: 'chromium',
      grep: /@pdf-viewer/,
      use: { launchOptions: { executablePath: FULL, args: launchArgs } },
    },
  ],
});
