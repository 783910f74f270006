// The App under test, as the App suite reads it: the addresses and secret given (APP_RATES_URL, APP_LABELS_URL,
// APP_SECRET, lib/settings.ts), or those of the reference App global setup started when no rates address was given
// (global-setup.ts, the runtime file of lib/config.ts).
import { baseClients } from '../../openapi/clients.ts';
import { config, settings } from '../lib/config.ts';

/**
 * The secret the suite signs with when none is given: the reference App's default, which is the reference server's
 * full App client's (openapi/clients.ts), since the service signs a callback with the secret of the client that
 * registered the service (D-18).
 */
export const DEFAULT_APP_SECRET = baseClients.full.clientSecret;

/**
 * How long the service waits for an App's answer to a rate or label request: D-22's 5 s, the reference server's
 * default (`CALLBACK_TIMEOUT_MS`). An answer that takes longer is dropped as if the App had failed (§7).
 */
export const CALLBACK_TIMEOUT_MS = 5000;

export const appConfig = {
  /** Where rate requests go: `{rates_url}` (§4.5). */
  get ratesUrl(): string {
    const url = settings.appRatesUrl ?? config.startedApp?.ratesUrl;
    if (!url) throw new Error('no App to judge: give its rates address (--rates-url, APP_RATES_URL)');
    return url;
  },
  /** Where label requests go: `{labels_url}`, optional for an App as for a shipping service (§4.5 rules 1–2). */
  get labelsUrl(): string | undefined {
    return settings.appRatesUrl ? settings.appLabelsUrl : config.startedApp?.labelsUrl;
  },
  /** The secret requests are signed with (D-16). */
  get secret(): string {
    return settings.appSecret ?? config.startedApp?.secret ?? DEFAULT_APP_SECRET;
  },
};

/** The App as a report names it: `target` of results.json and conformance-report.json. */
export const appTarget = (rates: string, labels: string | undefined) => `${rates} (labels: ${labels ?? 'none given'})`;
