// Every setting of the conformance suite, declared once with the settings kit (shared/settings.ts, which the reference
// server's list uses too): its environment name, its key in the JSON file named by CONFORMANCE_CONFIG, what it
// accepts, its default and its meaning. lib/config.ts, playwright.config.ts, global setup and the scripts read
// settings only through here, and README.md's settings table is generated from this list (`npm run settings:table`;
// scripts/settings-table.test.ts fails when the two differ). It imports nothing of the suite, so that a script can
// check the settings before it starts Playwright (a bad value fails fast, naming the setting).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

/** A setting of the suite: one of the kit's (shared/settings.ts), with its config-file key and the run that takes it. */
export interface Setting<T = unknown> extends AnySetting<T> {
  /** The key in the CONFORMANCE_CONFIG file (today the environment name); none: environment only. */
  key?: string;
  /**
   * Which run takes it: `service`, the suite judging an implementation of the API (the command without a
   * subcommand); `app`, the App suite judging a shipping App (the `app` command, conformance/app/); unset: both.
   */
  side?: 'service' | 'app';
}

const url: Kind<string> = {
  accepts: 'an http or https URL',
  // A trailing slash is dropped: paths are appended to the base (`${targetUrl}/api/v2/…`).
  parse: (t) => (URL.canParse(t) && /^https?:$/.test(new URL(t).protocol) ? t.replace(/\/$/, '') : undefined),
};
/** A path, resolved against the working directory (as the suite always has). */
const path: Kind<string> = { accepts: 'a file path', parse: (t) => resolve(t) };
const dir: Kind<string> = { accepts: 'a directory path', parse: (t) => resolve(t) };
/**
 * A host as a URL names it, since the target calls the App receiver at `http://<host>:<port>`: a name, an IPv4
 * address or an IPv6 address in brackets (the server's `HOST`, an address to listen on, is another kind).
 */
const urlHost: Kind<string> = {
  accepts: 'a host name or IP address',
  parse: (t) => (/^[^\s/:]+$|^\[[0-9a-f:.]+\]$/i.test(t) ? t : undefined),
};
const oneOf = <T extends string>(...values: T[]): Kind<T> => ({
  accepts: values.map((v) => `\`${v}\``).join(' or '),
  parse: (t) => values.find((v) => v === t),
});

const setting = declaration<Pick<Setting, 'key' | 'side'>>();

/** The list, in the README's order. The config-file key of every setting is its environment name (design brief §4). */
export const SETTINGS = {
  targetUrl: setting({
    side: 'service',
    env: 'TARGET_URL',
    key: 'TARGET_URL',
    flag: 'target',
    kind: url,
    default: undefined,
    defaultText: 'unset: the suite starts the reference server (`store-api-conformance` requires it)',
    meaning: 'The `{base_url}` of the implementation under test.',
  }),
  authUrl: setting({
    side: 'service',
    env: 'AUTH_URL',
    key: 'AUTH_URL',
    kind: url,
    default: undefined,
    defaultText: '`TARGET_URL`',
    meaning: 'The `{auth_url}` that serves `/admin/oauth/token.json`.',
  }),
  clients: setting({
    side: 'service',
    env: 'CONFORMANCE_CLIENTS',
    key: 'CONFORMANCE_CLIENTS',
    kind: path,
    default: undefined,
    defaultText:
      "the reference server's default clients, one-scope clients included (+ a short-lived one when the suite starts the server)",
    meaning: 'A JSON file of the App clients the suite calls as, by role (see below).',
  }),
  callbackHost: setting({
    side: 'service',
    env: 'CALLBACK_HOST',
    key: 'CALLBACK_HOST',
    kind: urlHost,
    default: '127.0.0.1',
    meaning: "The host at which the target reaches the suite's App receiver (rate and label requests, webhooks).",
  }),
  callbackPort: setting({
    side: 'service',
    env: 'CALLBACK_PORT',
    key: 'CALLBACK_PORT',
    kind: whole(0, 65535),
    default: 0,
    defaultText: '`0`: a free port',
    meaning: "The port of the suite's App receiver.",
  }),
  reportDir: setting({
    env: 'CONFORMANCE_REPORT_DIR',
    key: 'CONFORMANCE_REPORT_DIR',
    kind: dir,
    default: resolve('reports/conformance'),
    defaultText: '`reports/conformance` (the `app` command: `reports/app`)',
    meaning: "Where the reports go, with the run's own files (tokens, clients, `.runtime.json`).",
  }),
  manualCallbacks: setting({
    side: 'service',
    env: 'CONFORMANCE_MANUAL_CALLBACKS',
    key: 'CONFORMANCE_MANUAL_CALLBACKS',
    kind: onOff,
    default: false,
    meaning:
      'On (`1`) for a target without the checkout and shipment reference extensions (D-20): the suite waits for callbacks an operator triggers.',
  }),
  manualTimeoutMs: setting({
    side: 'service',
    env: 'CONFORMANCE_MANUAL_TIMEOUT_MS',
    key: 'CONFORMANCE_MANUAL_TIMEOUT_MS',
    kind: whole(1),
    default: 120_000,
    meaning: 'How long, in milliseconds, an operator has to trigger a callback under `CONFORMANCE_MANUAL_CALLBACKS`.',
  }),
  lateMs: setting({
    side: 'service',
    env: 'CONFORMANCE_LATE_MS',
    key: 'CONFORMANCE_LATE_MS',
    kind: whole(0),
    default: 90_000,
    meaning:
      'How long, in milliseconds, a requirement waits in all for a webhook delivery the target has not sent within the wait the requirement states (the source states no delivery time): it waits on, and one that comes late passes, its delay reported.',
  }),
  profile: setting({
    env: 'CONFORMANCE_PROFILE',
    key: 'CONFORMANCE_PROFILE',
    kind: oneOf('contract', 'source'),
    default: 'contract',
    meaning:
      'Which MUST requirements gate the exit status: all of them, or only those whose basis is `source` or `standard` (see below).',
  }),
  expectedFailures: setting({
    env: 'CONFORMANCE_EXPECTED_FAILURES',
    key: 'CONFORMANCE_EXPECTED_FAILURES',
    kind: path,
    default: undefined,
    meaning: 'A YAML or JSON file of the requirements the implementation is known to fail (see below).',
  }),
  slowMs: setting({
    side: 'service',
    env: 'CONFORMANCE_SLOW_MS',
    key: 'CONFORMANCE_SLOW_MS',
    kind: whole(0),
    default: undefined,
    defaultText:
      '`5000` when the suite starts the reference server (it times callbacks out after 2.5 s), else `8000` (past the 5 s of D-22)',
    meaning:
      'How long, in milliseconds, the App receiver\'s "slow App" waits before it answers, for the callback timeout checks (D-22).',
  }),
  requestTimeoutMs: setting({
    env: 'CONFORMANCE_REQUEST_TIMEOUT_MS',
    key: 'CONFORMANCE_REQUEST_TIMEOUT_MS',
    kind: whole(1),
    default: 10_000,
    meaning:
      'How long, in milliseconds, the suite waits for the whole answer to one request it sends the target (the token requests included); a request with no answer by then fails its requirement.',
  }),
  runTimeoutMs: setting({
    env: 'CONFORMANCE_RUN_TIMEOUT_MS',
    key: 'CONFORMANCE_RUN_TIMEOUT_MS',
    kind: whole(1),
    default: 1_800_000,
    meaning:
      "How long, in milliseconds, a whole run may take (Playwright's `globalTimeout`): the requirements that have not run by then are reported as not run.",
  }),
  workers: setting({
    env: 'CONFORMANCE_WORKERS',
    key: 'CONFORMANCE_WORKERS',
    kind: whole(1),
    default: 4,
    defaultText: '`4` (`1` per run of `npm run conformance:faults`, `2` of `conformance:variants`)',
    meaning: 'How many Playwright workers run requirements in parallel.',
  }),
  dialect: setting({
    side: 'service',
    env: 'CONFORMANCE_DIALECT',
    key: 'CONFORMANCE_DIALECT',
    kind: path,
    default: undefined,
    defaultText: "unset: our contract's choices",
    meaning:
      "A YAML or JSON file of the implementation's choices where the source is silent (body wrappers, where lists and errors are, bodies for resources whose fields the source does not show; see below).",
  }),
  only: setting({
    env: 'CONFORMANCE_ONLY',
    key: 'CONFORMANCE_ONLY',
    kind: { accepts: 'a comma-separated list of terms', parse: (t) => t },
    default: undefined,
    defaultText: 'unset: every requirement',
    meaning:
      'Which requirements run: ids with `*` for any characters (`createContact.*`), `@area`, or the `file:line` of a declaration (`products.ts:161`); a term starting with `-` leaves out what it matches.',
  }),
  area: setting({
    env: 'CONFORMANCE_AREA',
    key: 'CONFORMANCE_AREA',
    kind: { accepts: 'a comma-separated list of areas', parse: (t) => (/^[\w@,\s-]+$/.test(t) ? t : undefined) },
    default: undefined,
    defaultText: 'unset: every area',
    meaning:
      "Runs only the requirements of these areas (`auth,contacts`; the areas are the files of `conformance/requirements/`, and the App suite's `rates` and `labels`).",
  }),
  verbose: setting({
    env: 'CONFORMANCE_VERBOSE',
    key: 'CONFORMANCE_VERBOSE',
    kind: onOff,
    default: false,
    meaning: 'On (`1`): the console prints a line per requirement as it ends, besides the progress lines.',
  }),
  cleanup: setting({
    side: 'service',
    env: 'CONFORMANCE_CLEANUP',
    key: 'CONFORMANCE_CLEANUP',
    kind: onOff,
    default: false,
    meaning:
      'On (`1`): at its end the run also deletes the products, contacts, redirects, inventory, specifications, roles and geozones it made (the webhooks and shipping services it made are always deleted).',
  }),
  har: setting({
    env: 'CONFORMANCE_HAR',
    key: 'CONFORMANCE_HAR',
    kind: path,
    default: undefined,
    defaultText: 'unset: no HAR file',
    meaning:
      "A file the run writes every exchange it had with the target to, as HAR 1.2 (all workers' in one file, each entry's comment naming its requirement), so that a failure can be replayed in any HTTP tool; it holds the run's bearer tokens, client secrets masked (see below).",
  }),
  appRatesUrl: setting({
    side: 'app',
    env: 'APP_RATES_URL',
    key: 'APP_RATES_URL',
    flag: 'rates-url',
    kind: url,
    default: undefined,
    defaultText: 'unset: the App suite starts the reference App (`serve-app`) and judges it',
    meaning: 'The `{rates_url}` of the shipping App under test, where the App suite posts its rate requests (§4.5).',
  }),
  appLabelsUrl: setting({
    side: 'app',
    env: 'APP_LABELS_URL',
    key: 'APP_LABELS_URL',
    flag: 'labels-url',
    kind: url,
    default: undefined,
    defaultText:
      "unset: no label request is sent (§4.5 rule 2: `labelsUrl` is optional); the reference App's when the suite starts it",
    meaning: 'The `{labels_url}` of the shipping App under test, where the App suite posts its label requests (§4.5).',
  }),
  appSecret: setting({
    side: 'app',
    env: 'APP_SECRET',
    key: 'APP_SECRET',
    flag: 'secret',
    kind: text,
    default: undefined,
    defaultText: "`conformance-full-secret`: the reference App's, the reference server's full client's (D-18)",
    meaning:
      "The secret the App checks the signature of rate and label requests with: its App client's secret (D-16, D-18).",
  }),
  config: setting({
    env: 'CONFORMANCE_CONFIG',
    kind: path,
    default: undefined,
    meaning: 'A JSON file holding any of the other settings, by their keys (the environment wins over the file).',
  }),
};

export type Name = keyof typeof SETTINGS;
export type Settings = Values<typeof SETTINGS>;
type Env = Record<string, string | undefined>;

/** The heading of the SettingsError (shared/settings.ts) that a bad value of the suite's settings throws. */
const HEADING = 'Invalid conformance settings (see README.md, "Testing your implementation")';

/** The CONFORMANCE_CONFIG file's settings as texts by key; a missing file, bad JSON or an unknown key is a problem. */
function configFile(env: Env, problems: string[]): Record<string, string> {
  const name = env[SETTINGS.config.env];
  if (!name) return {};
  const where = `${SETTINGS.config.env}=${name}`;
  if (!existsSync(name)) return (problems.push(`${where}: no such file`), {});
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(name, 'utf8'));
  } catch (err) {
    return (problems.push(`${where}: not JSON (${(err as Error).message})`), {});
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return (problems.push(`${where}: expected a JSON object of settings by key`), {});
  const keys = new Set(Object.values(SETTINGS).flatMap((s: Setting) => s.key ?? []));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(json)) {
    if (!keys.has(key)) problems.push(`${where}: unknown key ${key} (known: ${[...keys].join(', ')})`);
    else if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = String(value);
    else problems.push(`${where}: ${key} must be a string, number or boolean, not ${JSON.stringify(value)}`);
  }
  return out;
}

/**
 * The settings given, by the environment or else the config file, parsed; the ones given by neither are left out.
 * An empty variable counts as unset (`TARGET_URL= npm run conformance` starts the reference server). Throws a
 * SettingsError listing every value that is not one the setting accepts.
 */
export function givenSettings(env: Env = process.env): Partial<Settings> {
  const problems: string[] = [];
  const file = configFile(env, problems);
  const byOption = new Set((env[OPTIONS_GIVEN] ?? '').split(','));
  return readGiven(
    SETTINGS,
    HEADING,
    (name, s: Setting) => {
      const fromEnv = env[s.env] || undefined;
      if (fromEnv !== undefined)
        return byOption.has(s.env) ? { text: fromEnv, option: flagOf(name) } : { text: fromEnv, where: 'environment' };
      const fromFile = s.key !== undefined ? file[s.key] || undefined : undefined;
      return fromFile === undefined
        ? undefined
        : { text: fromFile, where: `key ${s.key} of ${env[SETTINGS.config.env]}` };
    },
    problems,
  );
}

/** Every setting: the one given, else its default. */
export const readSettings = (env: Env = process.env): Settings => withDefaults(SETTINGS, givenSettings(env));

// ── The command line of `store-api-conformance` (bin/): one option per setting, derived from the list ──

/** The command's option of a setting: `reportDir` is `--report-dir`, `targetUrl` is `--target` (its `flag`). */
export const flagOf = (name: Name): string =>
  (SETTINGS[name] as Setting).flag ?? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The environment the options given on the command line make (`{ TARGET_URL: '…' }`), to be laid over
 * `process.env`: an option wins over the environment and the config file. Values are checked later, with the rest
 * (readSettings), so a bad option is reported as the setting it sets.
 */
export function envOfFlags(values: Record<string, string | boolean | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of Object.keys(SETTINGS) as Name[]) {
    const value = values[flagOf(name)];
    if (value !== undefined) env[SETTINGS[name].env] = typeof value === 'boolean' ? (value ? '1' : '0') : value;
  }
  return { ...env, [OPTIONS_GIVEN]: Object.keys(env).join(',') };
}

/**
 * Which settings of the environment the command's options set (their variables, comma-separated), so that a bad
 * value is reported as the option the user typed (`--target "localhost:8080"`), in the workers too. Not a setting.
 */
export const OPTIONS_GIVEN = 'CONFORMANCE_OPTIONS_GIVEN';

// ── The README's table (scripts/settings-table.ts writes it between the markers and checks it) ──

export const TABLE_START =
  '<!-- settings:start (generated from conformance/lib/settings.ts by `npm run settings:table`) -->';
export const TABLE_END = '<!-- settings:end -->';

/** The markdown table of every setting, one row each, in the list's order. */
export function settingsTable(): string {
  return [
    '| variable | key in the `CONFORMANCE_CONFIG` file | option of `store-api-conformance` | meaning | accepts | default |',
    '|---|---|---|---|---|---|',
    ...(Object.entries(SETTINGS) as [Name, Setting][]).map(
      ([name, s]) =>
        `| \`${s.env}\` | ${s.key ? `\`${s.key}\`` : 'none (environment only)'} | \`${s.side === 'app' ? 'app ' : ''}--${flagOf(name)}\` | ${cell(s.meaning)} | ${cell(s.kind.accepts)} | ${cell(defaultOf(s))} |`,
    ),
  ].join('\n');
}
