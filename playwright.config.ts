// The conformance suite (conformance/): black-box API tests against TARGET_URL, or against the reference
// server started by global setup. Reports go to CONFORMANCE_REPORT_DIR (default reports/conformance). Every
// setting is read through conformance/lib/config.ts (declared in conformance/lib/settings.ts).
import { defineConfig } from '@playwright/test';
import module from 'node:module';
import { config, settings } from './conformance/lib/config.ts';
import './conformance/lib/run-start.ts';

// Node's on-disk compile cache, for this process and (through the environment, which Playwright passes on) every
// worker it starts: a worker compiles Playwright's own bundles on start, again after each failed test (Playwright
// replaces a worker whose test failed); cached, a start costs about 200 ms less. Node's default
// directory (under the system's temporary folder) unless NODE_COMPILE_CACHE names one; Node 20 has no cache.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE = cache.directory;

// The same config runs as TypeScript in the repository and as JavaScript in the installed package (build/):
// the files it names carry this file's own extension.
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

export default defineConfig({
  testDir: './conformance',
  globalSetup: `./conformance/global-setup.${ext}`,
  fullyParallel: true,
  workers: config.workers,
  // A test is one operation's requirements, each bounded by its own timeout (lib/requirement.ts) and the run's deadline.
  timeout: 0,
  // The last resort of a bounded run: what has not run by then is reported not run, with the reason
  // (conformance/reporter.ts). Requests are bounded sooner, each by CONFORMANCE_REQUEST_TIMEOUT_MS.
  globalTimeout: config.runTimeoutMs,
  retries: 0,
  // The console, results.json, summary.md and junit.xml (a test case per requirement) are the suite's reporter's; the
  // HTML report is Playwright's, an operation a test and a requirement a step.
  reporter: [['html', { outputFolder: `${config.reportDir}/html`, open: 'never' }], [`./conformance/reporter.${ext}`]],
  // A shard's blob report carries the config's metadata to the merge, whose reporter has no runtime file of the run:
  // the target given (conformance/reporter.ts), and the profile the shards ran with (the merge's must be the same).
  metadata: { targetUrl: settings.targetUrl, profile: settings.profile },
  outputDir: `${config.reportDir}/artifacts`,
  projects: [
    { name: 'setup', testMatch: new RegExp(`tokens\\.setup\\.${ext}$`) },
    { name: 'conformance', testMatch: new RegExp(`suite\\.spec\\.${ext}$`), dependencies: ['setup'] },
  ],
});
