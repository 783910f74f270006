// The suite's stable interface (design brief §4): environment variables, or the same keys in a JSON config
// file named by CONFORMANCE_CONFIG.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deref, doc } from './contract.ts';

export interface ClientCredentials { clientId: string; clientSecret: string; scopes: string[] }
/**
 * The App clients by role: the four base roles (a clients file that leaves one out gets the default), and optional
 * roles, present only when the clients file names them (or the suite assumes the reference server's defaults):
 * `shortLived`, a client whose tokens expire within seconds, for the expiry check; `scope:<scope>`, a client holding
 * that one scope of the document and nothing else, for the scope families of §5 (D-07). A requirement needing an
 * optional role the target does not provide is skipped, naming the role.
 */
export type Clients = Record<BaseRole, ClientCredentials> & { shortLived?: ClientCredentials } & { [role: ScopeRole]: ClientCredentials };

const file = process.env.CONFORMANCE_CONFIG && existsSync(process.env.CONFORMANCE_CONFIG)
  ? JSON.parse(readFileSync(process.env.CONFORMANCE_CONFIG, 'utf8')) as Record<string, string> : {};
const setting = (key: string): string | undefined => process.env[key] || file[key] || undefined;

/** Every scope of the document's `oauth2` scheme (D-07), in its order: the table, not a second list. */
export const scopes: string[] = Object.keys(deref(doc.components.securitySchemes.oauth2).flows.clientCredentials.scopes);
/** The roles every target provides (design brief §4). */
export type BaseRole = 'full' | 'readonly' | 'default' | 'other';
/** The optional role of a client holding exactly one scope (§5, D-07): `scope:products`, `scope:products.readonly`. */
export type ScopeRole = `scope:${string}`;
export type ClientRole = BaseRole | ScopeRole;
export const scopeRole = (scope: string): ScopeRole => `scope:${scope}`;
const baseClients: Record<BaseRole, ClientCredentials> = {
  full: { clientId: 'conformance-full', clientSecret: 'conformance-full-secret', scopes },
  readonly: { clientId: 'conformance-readonly', clientSecret: 'conformance-readonly-secret', scopes: scopes.filter((s) => s.endsWith('.readonly')) },
  default: { clientId: 'conformance-default', clientSecret: 'conformance-default-secret', scopes: [] },
  other: { clientId: 'conformance-other', clientSecret: 'conformance-other-secret', scopes },
};
/** The reference server's default App clients (design brief §4): the base four, and one per scope of the document,
 *  holding that scope only (`conformance-products-readonly` holds `products.readonly`; D-07). */
export const defaultClients: Record<BaseRole, ClientCredentials> & Record<ScopeRole, ClientCredentials> = {
  ...baseClients,
  ...Object.fromEntries(scopes.map((s) => {
    const clientId = `conformance-${s.replace(/\./g, '-')}`;
    return [scopeRole(s), { clientId, clientSecret: `${clientId}-secret`, scopes: [s] }];
  })),
};

export const config = {
  /** Set by global setup when the suite starts the reference server itself. */
  get targetUrl(): string { return (setting('TARGET_URL') ?? '').replace(/\/$/, ''); },
  get authUrl(): string { return (setting('AUTH_URL') ?? this.targetUrl).replace(/\/$/, ''); },
  clients: ((): Clients => {
    const path = setting('CONFORMANCE_CLIENTS');
    // A clients file replaces the assumption: the base roles it leaves out keep their defaults, optional roles do not.
    return path ? { ...baseClients, ...JSON.parse(readFileSync(path, 'utf8')) } : defaultClients;
  })(),
  callbackHost: setting('CALLBACK_HOST') ?? '127.0.0.1',
  callbackPort: Number(setting('CALLBACK_PORT') ?? 0),
  reportDir: resolve(setting('CONFORMANCE_REPORT_DIR') ?? 'reports/conformance'),
  /** Targets without the reference extensions (D-20): callbacks are triggered by an operator. */
  manualCallbacks: setting('CONFORMANCE_MANUAL_CALLBACKS') === '1',
  /** Which MUSTs gate the exit code (lib/verdict.ts): `contract`, all of them; `source`, those of the source and standards. */
  profile: ((): 'contract' | 'source' => {
    const p = setting('CONFORMANCE_PROFILE') ?? 'contract';
    if (p !== 'contract' && p !== 'source') throw new Error(`CONFORMANCE_PROFILE must be contract or source, not ${p}`);
    return p;
  })(),
  /** A YAML or JSON file of requirements the target is known to fail (`- id: …` / `reason: …`). */
  expectedFailures: setting('CONFORMANCE_EXPECTED_FAILURES'),
};
