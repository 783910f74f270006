// The App suite (conformance/app/): the service's side of §4.5 played against a shipping App, black-box, at
// APP_RATES_URL and APP_LABELS_URL, or at the reference App global setup starts when no rates address is given.
// Reports go to CONFORMANCE_REPORT_DIR (default reports/app), written by the service suite's reporter, which reads the
// App side from the metadata. Settings are the suite's (conformance/lib/settings.ts), those of the `app` side included.
import './conformance/app/report-dir.ts';
import { defineConfig } from '@playwright/test';
import { config, settings } from './conformance/lib/config.ts';
import { appTarget } from './conformance/app/config.ts';
import './conformance/lib/run-start.ts';

// The same config runs as TypeScript in the repository and as JavaScript in the installed package (build/).
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

export default defineConfig({
  testDir: './conformance/app',
  testMatch: new RegExp(`app\\.spec\\.${ext}$`),
  globalSetup: `./conformance/app/global-setup.${ext}`,
  // One test: the label requests follow the rate requests whose options they name.
  workers: 1,
  timeout: 0,
  globalTimeout: config.runTimeoutMs,
  retries: 0,
  reporter: [['html', { outputFolder: `${config.reportDir}/html`, open: 'never' }], [`./conformance/reporter.${ext}`]],
  // The reporter reads the side and the App judged from here (conformance/reporter.ts).
  metadata: {
    side: 'app',
    targetUrl: settings.appRatesUrl ? appTarget(settings.appRatesUrl, settings.appLabelsUrl) : undefined,
    profile: settings.profile,
  },
  outputDir: `${config.reportDir}/artifacts`,
});
