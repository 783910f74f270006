// The suite's stable interface (design brief §4): the settings (environment variables, or the same keys in a JSON
// config file named by CONFORMANCE_CONFIG), declared once in lib/settings.ts, and what global setup found out at the
// start of the run (the runtime file), as one `config` every part of the suite reads.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readSettings, type Settings } from './settings.ts';
import { loadDialect, scopesOf, type LoadedDialect } from './dialect.ts';
import {
  baseClientsOver,
  clientsOver,
  scopeRole,
  type BaseRole,
  type ClientCredentials,
  type ScopeRole,
} from '../../openapi/clients.ts';

// The default App clients and their roles are one list, derived from the document's scopes (openapi/clients.ts):
// the reference server starts with it and the suite assumes it when no clients file is given.
export {
  scopeRole,
  type BaseRole,
  type ClientCredentials,
  type ClientRole,
  type ScopeRole,
} from '../../openapi/clients.ts';

/**
 * The App clients by role: the four base roles (a clients file that leaves one out gets the default), and optional
 * roles, present only when the clients file names them (or the suite assumes the reference server's defaults):
 * `shortLived`, a client whose tokens expire within seconds, for the expiry check; `scope:<scope>`, a client holding
 * that one scope of the document and nothing else, for the scope families of §5 (D-07). A requirement needing an
 * optional role the target does not provide is skipped, naming the role.
 */
export type Clients = Record<BaseRole, ClientCredentials> & { shortLived?: ClientCredentials } & {
  [role: ScopeRole]: ClientCredentials;
};

/** Every setting, read once per process through lib/settings.ts: a bad value stops the run here, naming the setting. */
export const settings: Settings = readSettings();

/**
 * What global setup found out, for the workers (child processes started after it) and the reporter: the target it
 * judges (TARGET_URL, or the reference server it started), the App receiver's URL, and the clients file it wrote for
 * the server it started. Written to a file in the report directory (a setting, so every process finds the same one)
 * rather than into `process.env`.
 */
export interface Runtime {
  targetUrl: string;
  /** The service suite's App receiver; the App suite has none. */
  receiverUrl?: string;
  /** The App suite's App under test, when its global setup started the reference App (conformance/app/). */
  app?: { ratesUrl: string; labelsUrl?: string; secret: string };
  clients?: string;
  /** When global setup ended (ms since the epoch): the run's deadline counts from here (suite.spec.ts). */
  startedAt?: number;
}
const runtimeFile = `${settings.reportDir}/.runtime.json`;
let runtime: Runtime | undefined;
let clients: Clients | undefined;
let dialect: LoadedDialect | undefined;

/** The runtime file's state; undefined before global setup has written it. Read once per process. */
function runtimeState(): Runtime | undefined {
  if (!runtime && existsSync(runtimeFile)) runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as Runtime;
  return runtime;
}

/** Global setup: removes the last run's runtime file (undefined), then writes this run's. */
export function writeRuntime(state: Runtime | undefined): void {
  if (state) writeFileSync(runtimeFile, JSON.stringify(state, null, 2));
  else rmSync(runtimeFile, { force: true });
  runtime = state;
  clients = undefined;
}

/** The scopes of the run: the document's, by the target's names where its dialect states them (D-07). */
const runScopes = () => scopesOf(config.dialect.dialect);
/** The clients the suite assumes without a clients file, and gives the reference server it starts: over the run's scopes. */
export const assumedClients = () => clientsOver(runScopes());

function readClients(): Clients {
  const path = runtimeState()?.clients ?? settings.clients;
  if (!path) return assumedClients();
  let file: Partial<Clients>;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as Partial<Clients>;
  } catch (err) {
    throw new Error(`CONFORMANCE_CLIENTS=${path}: cannot read the clients file (${(err as Error).message})`, {
      cause: err,
    });
  }
  // A clients file replaces the assumption: the base roles it leaves out keep their defaults, optional roles do not.
  // A one-scope role is named by our scope (`scope:settings`, as the README has it) or by the target's name for it
  // (`scope:config`, the dialect's `scopes`): either names the client of both. One of ours split among the target's
  // scopes has no one client of its own: the clients are named by the target's names only.
  const named = file as Record<string, ClientCredentials | undefined>;
  const aliases: Record<string, ClientCredentials> = {};
  for (const [ours, theirs] of Object.entries(config.dialect.dialect.scopes)) {
    if (typeof theirs !== 'string') continue;
    const [a, b] = [scopeRole(ours), scopeRole(theirs)];
    if (named[a] && !named[b]) aliases[b] = named[a];
    if (named[b] && !named[a]) aliases[a] = named[b];
  }
  return { ...baseClientsOver(runScopes()), ...aliases, ...file } as Clients;
}

export const config = {
  /** The target under test: TARGET_URL, or the reference server global setup started when it is unset. */
  get targetUrl(): string {
    return runtimeState()?.targetUrl ?? settings.targetUrl ?? '';
  },
  get authUrl(): string {
    return settings.authUrl ?? this.targetUrl;
  },
  /** The App receiver global setup started (lib/receiver.ts). */
  get receiverUrl(): string {
    const url = runtimeState()?.receiverUrl;
    if (!url) throw new Error(`no App receiver: global setup did not write ${runtimeFile}`);
    return url;
  },
  /** The App clients by role: CONFORMANCE_CLIENTS, the file global setup wrote for its server, or the defaults. */
  /** The App suite's App under test as global setup started it (conformance/app/config.ts); undefined otherwise. */
  get startedApp(): Runtime['app'] {
    return runtimeState()?.app;
  },
  get clients(): Clients {
    return (clients ??= readClients());
  },
  callbackHost: settings.callbackHost,
  callbackPort: settings.callbackPort,
  reportDir: settings.reportDir,
  /** Targets without the reference extensions (D-20): callbacks are triggered by an operator. */
  manualCallbacks: settings.manualCallbacks,
  /** How long an operator has to trigger a callback when `manualCallbacks`. */
  manualTimeoutMs: settings.manualTimeoutMs,
  /** How long in all a delivery the target has not sent within a requirement's own wait is waited for (lib/inbox.ts). */
  lateMs: settings.lateMs,
  /** Which MUSTs gate the exit code (lib/verdict.ts): `contract`, all of them; `source`, those of the source and standards. */
  profile: settings.profile,
  /** A YAML or JSON file of requirements the target is known to fail (`- id: …` / `reason: …`). */
  expectedFailures: settings.expectedFailures,
  /** How long the receiver's slow App waits; undefined: global setup chooses by target (lib/settings.ts). */
  slowMs: settings.slowMs,
  /** Playwright's workers (playwright.config.ts). */
  workers: settings.workers,
  /** The longest wait for one answer of the target (lib/api.ts, tests/tokens.setup.ts): a hostile target cannot hang a request. */
  requestTimeoutMs: settings.requestTimeoutMs,
  /** The longest run (playwright.config.ts's globalTimeout); what has not run by then is reported not run. */
  runTimeoutMs: settings.runTimeoutMs,
  /** Delete all the data the run made at its end, not only what keeps the target working (lib/cleanup.ts). */
  cleanup: settings.cleanup,
  /** Where the run's traffic goes as HAR 1.2 (lib/har.ts); undefined: nowhere. */
  har: settings.har,
  /** When global setup ended; undefined before it has. */
  get startedAt(): number | undefined {
    return runtimeState()?.startedAt;
  },
  /** The target's choices where the source is silent (lib/dialect.ts), and which of them its file states. */
  get dialect(): LoadedDialect {
    return (dialect ??= loadDialect(settings.dialect));
  },
  /** The dialect file as given (CONFORMANCE_DIALECT), for the conformance report; unset: our contract's choices. */
  dialectFile: settings.dialect,
  /** Which requirements run (lib/selection.ts). */
  only: settings.only,
  area: settings.area,
  /** A console line per requirement (conformance/reporter.ts). */
  verbose: settings.verbose,
};
