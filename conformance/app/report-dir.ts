// The App suite's reports go to reports/app, beside and never over the service suite's reports/conformance, unless
// CONFORMANCE_REPORT_DIR (or its key in the CONFORMANCE_CONFIG file) names another folder. Imported before anything
// reads the settings (playwright.app.config.ts, bin/store-api-conformance.ts), it sets the variable for this process
// and the ones it starts.
import { resolve } from 'node:path';
import { SettingsError } from '../../shared/settings.ts';
import { givenSettings } from '../lib/settings.ts';

export const APP_REPORT_DIR = 'reports/app';

try {
  if (givenSettings().reportDir === undefined) process.env.CONFORMANCE_REPORT_DIR = resolve(APP_REPORT_DIR);
} catch (err) {
  // A bad setting is reported where the settings are read, with every other problem (lib/settings.ts).
  if (!(err instanceof SettingsError)) throw err;
}
