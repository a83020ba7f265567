import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { compiledServerDir } from './e2e/build-dirs.mjs';
import { freePort } from './e2e/ports';

// Ports chosen once in the runner; workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_OIDC_PORT ??= String(await freePort());
// The server's data directory: tests read mails from its outbox (verification links).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'easyfund-e2e-'));
// The web build the server serves: a test that starts a server of its own serves it too.
process.env.E2E_WEB_DIST ??= mkdtempSync(path.join(tmpdir(), 'easyfund-e2e-web-'));
// The compiled server (what `npm start` runs) e2e/serve.mjs starts: a test that starts a
// server of its own runs it too. `npm test` builds both once for all its browser runs.
process.env.E2E_SERVER_DIST ??= compiledServerDir(path.dirname(fileURLToPath(import.meta.url)));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Work a headless test has no use for: the site draws nothing with WebGL (no software GL
  // for the GPU process to start), and scrolling jumps rather than glides.
  '--disable-software-rasterizer',
  '--disable-smooth-scrolling',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI runs the browser tests beside the API suites and the static checks on two cores: a
  // test that takes 13 s alone has taken past 60 s there. A heavy test says so with
  // `test.slow()` (three times this).
  timeout: process.env.CI ? 120_000 : 60_000,
  // There a page has taken 20 s to arrive, and an assertion waits as long as it may.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.PW_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    // The site honours prefers-reduced-motion: no typing hero, carousel or slide-in for the
    // browser to draw frame by frame (the tests of the motion itself ask for it).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM rather than a SIGKILL to the group: e2e/serve.mjs stops the server and
    // removes the folders it made (data, and the builds it made itself).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
