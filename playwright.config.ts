// The conformance suite (conformance/): black-box API tests against TARGET_URL, or against the reference
// server started by global setup. Reports go to CONFORMANCE_REPORT_DIR (default reports/conformance). Every
// setting is read through conformance/lib/config.ts (declared in conformance/lib/settings.ts).
import { defineConfig } from '@playwright/test';
import { config, settings } from './conformance/lib/config.ts';

// The same config runs as TypeScript in the repository and as JavaScript in the installed package (build/, issue 14):
// the files it names carry this file's own extension.
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

export default defineConfig({
  testDir: './conformance/tests',
  globalSetup: `./conformance/global-setup.${ext}`,
  fullyParallel: true,
  workers: config.workers,
  timeout: 30_000,
  // The last resort of a bounded run (issue 15, item 4): what has not run by then is reported not run, with the reason
  // (conformance/reporter.ts). Requests are bounded sooner, each by CONFORMANCE_REQUEST_TIMEOUT_MS.
  globalTimeout: config.runTimeoutMs,
  retries: 0,
  reporter: [
    ['list', { printSteps: false }],
    ['html', { outputFolder: `${config.reportDir}/html`, open: 'never' }],
    ['junit', { outputFile: `${config.reportDir}/junit.xml` }],
    ['json', { outputFile: `${config.reportDir}/playwright.json` }],
    [`./conformance/reporter.${ext}`],
  ],
  // A shard's blob report carries the config's metadata to the merge, whose reporter has no runtime file of the run:
  // the target given (conformance/reporter.ts), and the profile the shards ran with (the merge's must be the same).
  metadata: { targetUrl: settings.targetUrl, profile: settings.profile },
  outputDir: `${config.reportDir}/artifacts`,
  projects: [
    { name: 'setup', testMatch: new RegExp(`\\.setup\\.${ext}$`) },
    { name: 'conformance', testMatch: new RegExp(`\\.spec\\.${ext}$`), dependencies: ['setup'] },
  ],
});
