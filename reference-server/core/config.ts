// The server's settings (design brief §4), read once from the environment by server.ts and passed down: no layer
// reads process.env itself. Also the store's account name, which signed messages and events carry (D-16, D-17).

/** D-22: units of each currency per one unit of the base (GBP). */
export type RateTable = Record<string, number>;
export const DEFAULT_CURRENCY_RATES: RateTable = { GBP: 1, EUR: 1.17, USD: 1.27, JPY: 190, KWD: 0.39, BHD: 0.48 };

export interface Config {
  /** A database file (WAL, survives restarts); in memory when absent. */
  db?: string;
  /** A JSON array of App clients replacing the defaults (openapi/clients.ts). */
  clientsFile?: string;
  /** Seed the demo store (demo/store.ts) through the API once listening, when the database holds no data yet. */
  demo?: boolean;
  /** The store's account name, in every signed message and event (D-16, D-17). */
  account: string;
  /** D-23 */
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  /** D-22 */
  callbackTimeoutMs: number;
  /** D-21 */
  boxMaxWeight: number;
  /** D-22 */
  currencyRates: RateTable;
  /** D-08: requests per second per client; 0 disables. */
  rateLimit: number;
  /** D-63: thumbnail downloads may reach loopback, private and metadata addresses (local development, the
   *  conformance suite's App receiver on 127.0.0.1); off by default. */
  allowPrivateUrls: boolean;
  /** Origins a browser may call from (CORS): `*` any (a development server), else the exact origins. */
  corsOrigins: '*' | string[];
  /** A fixed clock for tests, else the real one. */
  clock: () => Date;
}

/** `CORS_ORIGIN`: `*` or unset for any origin, else a comma-separated list of origins. */
export function corsOrigins(value: string | undefined): '*' | string[] {
  const list = (value ?? '*')
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return list.length === 0 || list.includes('*') ? '*' : list;
}

/** An on/off setting: `1` or `true` is on, anything else (or unset) off. */
const on = (value: string | undefined) => value === '1' || value === 'true';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    db: env.STORE_DB || undefined,
    clientsFile: env.STORE_CLIENTS || undefined,
    demo: on(env.STORE_DEMO),
    account: env.STORE_ACCOUNT || 'reference-store',
    webhookRetryBaseMs: Number(env.WEBHOOK_RETRY_BASE_MS ?? 1000),
    webhookMaxAttempts: Number(env.WEBHOOK_MAX_ATTEMPTS ?? 6),
    callbackTimeoutMs: Number(env.CALLBACK_TIMEOUT_MS ?? 5000),
    boxMaxWeight: Number(env.BOX_MAX_WEIGHT ?? 30000),
    currencyRates: env.CURRENCY_RATES ? (JSON.parse(env.CURRENCY_RATES) as RateTable) : DEFAULT_CURRENCY_RATES,
    rateLimit: Number(env.RATE_LIMIT ?? 0),
    corsOrigins: corsOrigins(env.CORS_ORIGIN),
    allowPrivateUrls: on(env.STORE_ALLOW_PRIVATE_URLS),
    clock: () => new Date(),
  };
}
