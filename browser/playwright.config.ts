// The real-browser tests (browser/): the rendered docs and a frontend page, in the Chromium that
// `@sparticuz/chromium` ships inside its npm package (Playwright cannot download its own browser
// on these machines, and `npm install` alone must be enough). The root playwright.config.ts is the conformance suite.
import chromium from '@sparticuz/chromium';
import { defineConfig } from '@playwright/test';

/** Where the reports go: Playwright's HTML and JSON, and the screenshots the tests take. */
export const reportDir = 'reports/browser';

// Resolved once per process (the runner and each worker): the first call unpacks the browser into the system's
// temporary folder (about 2 s), later ones find it there.
const executablePath = await chromium.executablePath();

/**
 * Flags the package passes for its serverless use that would spoil these tests: --disable-web-security turns CORS
 * off (the frontend test would pass against a server sending no CORS headers), and --single-process makes the
 * browser exit with the first test's context, failing every later test of the worker ("browser has been closed").
 * The GPU flags emulate a GPU on the CPU (SwiftShader, for WebGL in a function without one): no page here draws with
 * WebGL, and without them the headless browser composites with its own software path, which took the tests from about
 * 90 s of CPU to about 27 s (scripts/README.md, "What makes `npm test` long").
 */
const dropped = [
  '--disable-web-security',
  '--single-process',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--in-process-gpu',
  '--ignore-gpu-blocklist',
];

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  globalSetup: './global-setup.ts',
  // Each test starts the servers it needs, so tests spread over the workers; two, as the machine has two cores.
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [
    ['list'],
    ['html', { outputFolder: `../${reportDir}/html`, open: 'never' }],
    ['json', { outputFile: `../${reportDir}/results.json` }],
  ],
  outputDir: `../${reportDir}/artifacts`,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath, args: chromium.args.filter((a) => !dropped.includes(a)) },
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
