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

export const baseClients: Record<BaseRole, ClientCredentials> = {
  full: client('conformance-full', scopes),
  readonly: client(
    'conformance-readonly',
    scopes.filter((s) => s.endsWith('.readonly')),
  ),
  default: client('conformance-default', []),
  other: client('conformance-other', scopes),
};

/**
 * The base four, and one client per scope of the document holding that scope only (`conformance-products-readonly`
 * holds `products.readonly`), so that a black-box suite can tell the scope families of §5 apart (D-07).
 */
export const defaultClients: Record<BaseRole, ClientCredentials> & Record<ScopeRole, ClientCredentials> = {
  ...baseClients,
  ...Object.fromEntries(scopes.map((s) => [scopeRole(s), client(`conformance-${s.replace(/\./g, '-')}`, [s])])),
};
