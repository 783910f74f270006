// The conformance suite (conformance/): black-box API tests against TARGET_URL, or against the reference
// server started by global setup. Reports go to CONFORMANCE_REPORT_DIR (default reports/conformance). Every
// setting is read through conformance/lib/config.ts (declared in conformance/lib/settings.ts).
import { defineConfig } from '@playwright/test';
import { config } from './conformance/lib/config.ts';

export default defineConfig({
  testDir: './conformance/tests',
  globalSetup: './conformance/global-setup.ts',
  fullyParallel: true,
  workers: config.workers,
  timeout: 30_000,
  retries: 0,
  reporter: [
    ['list', { printSteps: false }],
    ['html', { outputFolder: `${config.reportDir}/html`, open: 'never' }],
    ['junit', { outputFile: `${config.reportDir}/junit.xml` }],
    ['json', { outputFile: `${config.reportDir}/playwright.json` }],
    ['./conformance/reporter.ts'],
  ],
  outputDir: `${config.reportDir}/artifacts`,
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'conformance', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] },
  ],
});
