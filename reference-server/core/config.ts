// The server's settings (design brief §4), declared once with the settings kit the suite's list uses too
// (shared/settings.ts): each one's environment variable, its option of the command line where it has one (cli.ts),
// what it accepts, its default, its meaning and the decision it carries out. Read and checked once, by cli.ts, into a
// Config that is passed down: no layer reads process.env itself. `--help` and README.md's table of the server's
// settings are generated from the list (`npm run settings:table`; scripts/settings-table.test.ts fails when the README
// differs). Also the store's account name, which signed messages and events carry (D-16, D-17).
import { isIP } from 'node:net';
import { cell } from '../../shared/markdown.ts';
import {
  declaration,
  defaultOf,
  onOff,
  readGiven,
  text,
  whole,
  withDefaults,
  type Kind,
  type Setting as AnySetting,
  type Values,
} from '../../shared/settings.ts';

/** D-22: units of each currency per one unit of the base (GBP). */
export type RateTable = Record<string, number>;
export const DEFAULT_CURRENCY_RATES: RateTable = { GBP: 1, EUR: 1.17, USD: 1.27, JPY: 190, KWD: 0.39, BHD: 0.48 };

/** A setting of the server: one of the kit's (shared/settings.ts), with the decisions it carries out. */
export interface Setting<T = unknown> extends AnySetting<T> {
  /** The decisions (D-nn) the setting carries out. */
  decisions?: string;
}

/** A file path as given: the database file is named as the user gave it (`listening on … (database data.sqlite)`). */
const file: Kind<string> = { accepts: 'a file path', parse: (t) => t };
/** An address to listen on, as `listen` takes it: an IP address (IPv6 without brackets) or a host name. */
const host: Kind<string> = {
  accepts: 'a host name or IP address',
  parse: (t) =>
    isIP(t) || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(t) ? t : undefined,
};
/** `*`, or origins as a browser sends them (`http://localhost:5173`), a trailing slash dropped. */
const origins: Kind<'*' | string[]> = {
  accepts: '`*` (any origin), or a comma-separated list of origins (`http://localhost:5173`)',
  parse: (t) => {
    const list = t
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean);
    const origin = (o: string) =>
      URL.canParse(o) && /^https?:$/.test(new URL(o).protocol) && new URL(o).pathname === '/';
    if (list.length === 0 || list.includes('*')) return list.every((o) => o === '*' || origin(o)) ? '*' : undefined;
    return list.every((o) => origin(o) && !/[?#]/.test(o)) ? list : undefined;
  },
};
const rates: Kind<RateTable> = {
  accepts: 'a JSON object of currency codes and numbers above 0 (`{"GBP":1,"EUR":1.17}`)',
  parse: (t) => {
    let table: unknown;
    try {
      table = JSON.parse(t);
    } catch {
      return undefined;
    }
    if (typeof table !== 'object' || table === null || Array.isArray(table)) return undefined;
    const ok = Object.entries(table).every(([c, r]) => /^[A-Z]{3}$/.test(c) && typeof r === 'number' && r > 0);
    return ok ? (table as RateTable) : undefined;
  },
};

const setting = declaration<Pick<Setting, 'decisions'>>();

/** The list, in the README's and `--help`'s order: the command line's options first. */
export const SETTINGS = {
  port: setting({
    env: 'PORT',
    flag: 'port',
    kind: whole(0, 65535),
    default: 8080,
    meaning: 'The port to listen on (`0`: a free one).',
  }),
  host: setting({
    env: 'HOST',
    flag: 'host',
    kind: host,
    default: '127.0.0.1',
    defaultText: '`127.0.0.1`: this machine only (`0.0.0.0`: every interface)',
    meaning: 'The address to listen on.',
  }),
  db: setting({
    env: 'STORE_DB',
    flag: 'db',
    kind: file,
    default: undefined,
    defaultText: 'unset: in memory',
    meaning: 'A SQLite database file, kept between starts; the server holds it alone while it runs.',
  }),
  clientsFile: setting({
    env: 'STORE_CLIENTS',
    flag: 'clients',
    kind: file,
    default: undefined,
    defaultText: 'unset: the default clients (`openapi/clients.ts`)',
    meaning: 'A JSON file of the App clients, replacing the defaults.',
  }),
  corsOrigins: setting({
    env: 'CORS_ORIGIN',
    flag: 'cors-origin',
    kind: origins,
    default: '*',
    meaning: 'The browser origins allowed to call (CORS).',
  }),
  demo: setting({
    env: 'STORE_DEMO',
    flag: 'demo',
    kind: onOff,
    default: false,
    meaning: 'On: seed a demo store through the API once listening, into a database that holds no data yet.',
  }),
  allowPrivateUrls: setting({
    env: 'STORE_ALLOW_PRIVATE_URLS',
    flag: 'allow-private-urls',
    kind: onOff,
    default: false,
    meaning:
      'On: contact thumbnails may be downloaded from loopback and private addresses, for local development and the conformance suite.',
    decisions: 'D-63',
  }),
  account: setting({
    env: 'STORE_ACCOUNT',
    kind: text,
    default: 'reference-store',
    meaning: "The store's account name, in every signed message and event.",
    decisions: 'D-16, D-17',
  }),
  webhookRetryBaseMs: setting({
    env: 'WEBHOOK_RETRY_BASE_MS',
    kind: whole(1),
    default: 1000,
    meaning: 'The wait, in milliseconds, before the first retry of a webhook delivery; it doubles with each attempt.',
    decisions: 'D-23',
  }),
  webhookMaxAttempts: setting({
    env: 'WEBHOOK_MAX_ATTEMPTS',
    kind: whole(1),
    default: 6,
    meaning: 'How many times a webhook delivery is attempted before it is given up.',
    decisions: 'D-23',
  }),
  callbackTimeoutMs: setting({
    env: 'CALLBACK_TIMEOUT_MS',
    kind: whole(1),
    default: 5000,
    meaning: "How long, in milliseconds, the server waits for an App's answer to a rate or label request.",
    decisions: 'D-22',
  }),
  boxMaxWeight: setting({
    env: 'BOX_MAX_WEIGHT',
    kind: whole(1),
    default: 30000,
    meaning: 'The most a box may weigh, in grams, when a cart is split into deliveries.',
    decisions: 'D-21, D-65',
  }),
  currencyRates: setting({
    env: 'CURRENCY_RATES',
    kind: rates,
    default: DEFAULT_CURRENCY_RATES,
    defaultText: `\`${JSON.stringify(DEFAULT_CURRENCY_RATES)}\``,
    meaning: "The rate table: units of each currency per one unit of the base (GBP), to convert an App's prices.",
    decisions: 'D-22',
  }),
  rateLimit: setting({
    env: 'RATE_LIMIT',
    kind: whole(0),
    default: 0,
    defaultText: '`0`: no limit',
    meaning: 'Requests per second per App client, beyond which a call is answered 429 (`0`: no limit).',
    decisions: 'D-08',
  }),
};

export type Name = keyof typeof SETTINGS;
export type Settings = Values<typeof SETTINGS>;

/** The heading of the SettingsError (shared/settings.ts) that a bad value of the server's settings throws. */
const HEADING = 'Invalid reference server settings (README.md, "Server settings")';

/**
 * Every setting: the command line's option (`options`, by setting name; an option wins), else the environment
 * variable (empty counts as unset), else the default. Throws a SettingsError listing every value that is not one the
 * setting accepts.
 */
export function readSettings(
  env: NodeJS.ProcessEnv = process.env,
  options: Partial<Record<Name, string | boolean>> = {},
): Settings {
  const given = readGiven(SETTINGS, HEADING, (name, s) => {
    const option = options[name];
    if (option !== undefined) return { text: option === true ? '1' : String(option), option: s.flag! };
    const text = env[s.env] || undefined;
    return text === undefined ? undefined : { text, where: 'environment' };
  });
  return withDefaults(SETTINGS, given);
}

/** What the app is built with (createApp): every setting but where to listen, and the clock. */
export interface Config extends Omit<Settings, 'port' | 'host'> {
  /** A fixed clock for tests, else the real one. */
  clock: () => Date;
}

/** The Config of `settings` (their port and host are where cli.ts listens). */
export function configOf({ port: _port, host: _host, ...settings }: Settings): Config {
  return { ...settings, clock: () => new Date() };
}

/** The Config of the settings in `env`; throws a SettingsError on a value a setting does not accept. */
export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): Config => configOf(readSettings(env));

// ── README.md's table (scripts/settings-table.ts writes it between the markers and checks it) ──

export const TABLE_START =
  '<!-- server-settings:start (generated from reference-server/core/config.ts by `npm run settings:table`) -->';
export const TABLE_END = '<!-- server-settings:end -->';

/** The markdown table of every setting, one row each, in the list's order. */
export function settingsTable(): string {
  return [
    '| variable | option of `npm run serve` | meaning | accepts | default | decision |',
    '|---|---|---|---|---|---|',
    ...(Object.values(SETTINGS) as Setting[]).map(
      (s) =>
        `| \`${s.env}\` | ${s.flag ? `\`--${s.flag}\`` : 'none'} | ${cell(s.meaning)} | ${cell(s.kind.accepts)} | ${cell(defaultOf(s))} | ${s.decisions ?? ''} |`,
    ),
  ].join('\n');
}
