// The default App clients (design brief §4), derived from the document's scopes: the one list the reference server
// starts with and the conformance suite assumes when no clients file is given (CONFORMANCE_CLIENTS, STORE_CLIENTS).
import { scopes } from './contract.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

/** The roles every target provides (design brief §4). */
export type BaseRole = 'full' | 'readonly' | 'default' | 'other';
/** A client holding exactly one scope of the document (§5, D-07): `scope:products`, `scope:products.readonly`. */
export type ScopeRole = `scope:${string}`;
export type ClientRole = BaseRole | ScopeRole;
export const scopeRole = (scope: string): ScopeRole => `scope:${scope}`;

const client = (clientId: string, granted: string[]): ClientCredentials => ({
  clientId,
  clientSecret: `${clientId}-secret`,
  scopes: granted,
});

/** The base four over a list of scopes (the document's, or a target's names for them, conformance/lib/dialect.ts). */
export const baseClientsOver = (granted: string[]): Record<BaseRole, ClientCredentials> => ({
  full: client('conformance-full', granted),
  readonly: client(
    'conformance-readonly',
    granted.filter((s) => s.endsWith('.readonly')),
  ),
  default: client('conformance-default', []),
  other: client('conformance-other', granted),
});

/**
 * The base four, and one client per scope holding that scope only (`conformance-products-readonly` holds
 * `products.readonly`), so that a black-box suite can tell the scope families of §5 apart (D-07).
 */
export const clientsOver = (
  granted: string[],
): Record<BaseRole, ClientCredentials> & Record<ScopeRole, ClientCredentials> => ({
  ...baseClientsOver(granted),
  ...Object.fromEntries(granted.map((s) => [scopeRole(s), client(`conformance-${s.replace(/\./g, '-')}`, [s])])),
});

export const baseClients = baseClientsOver(scopes);
/** The default clients of the document's scopes: the reference server's, and what the suite assumes. */
export const defaultClients = clientsOver(scopes);
