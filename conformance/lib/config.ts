// The suite's stable interface (design brief §4): environment variables, or the same keys in a JSON config
// file named by CONFORMANCE_CONFIG.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ClientCredentials { clientId: string; clientSecret: string; scopes: string[] }
/** The App clients by role; `shortLived` (optional) is a client whose tokens expire within seconds, for the expiry check. */
export type Clients = Record<ClientRole, ClientCredentials> & { shortLived?: ClientCredentials };

const file = process.env.CONFORMANCE_CONFIG && existsSync(process.env.CONFORMANCE_CONFIG)
  ? JSON.parse(readFileSync(process.env.CONFORMANCE_CONFIG, 'utf8')) as Record<string, string> : {};
const setting = (key: string): string | undefined => process.env[key] || file[key] || undefined;

const all = ['contacts', 'products', 'inventory', 'content', 'settings', 'shipping'].flatMap((s) => [s, `${s}.readonly`]);
/** The reference server's default App clients (design brief §4). */
export type ClientRole = 'full' | 'readonly' | 'default' | 'other';
export const defaultClients: Record<ClientRole, ClientCredentials> = {
  full: { clientId: 'conformance-full', clientSecret: 'conformance-full-secret', scopes: all },
  readonly: { clientId: 'conformance-readonly', clientSecret: 'conformance-readonly-secret', scopes: all.filter((s) => s.endsWith('.readonly')) },
  default: { clientId: 'conformance-default', clientSecret: 'conformance-default-secret', scopes: [] },
  other: { clientId: 'conformance-other', clientSecret: 'conformance-other-secret', scopes: all },
};

export const config = {
  /** Set by global setup when the suite starts the reference server itself. */
  get targetUrl(): string { return (setting('TARGET_URL') ?? '').replace(/\/$/, ''); },
  get authUrl(): string { return (setting('AUTH_URL') ?? this.targetUrl).replace(/\/$/, ''); },
  clients: ((): Clients => {
    const path = setting('CONFORMANCE_CLIENTS');
    return path ? { ...defaultClients, ...JSON.parse(readFileSync(path, 'utf8')) } : defaultClients;
  })(),
  callbackHost: setting('CALLBACK_HOST') ?? '127.0.0.1',
  callbackPort: Number(setting('CALLBACK_PORT') ?? 0),
  reportDir: resolve(setting('CONFORMANCE_REPORT_DIR') ?? 'reports/conformance'),
  /** Targets without the reference extensions (D-20): callbacks are triggered by an operator. */
  manualCallbacks: setting('CONFORMANCE_MANUAL_CALLBACKS') === '1',
};
