// OAuth 2.0 client credentials (§4.1, §5; D-05, D-06, D-07): opaque random tokens, 3600 s, Bearer.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defaultClients, type ClientCredentials } from '../../openapi/clients.ts';
import { fail } from '../../shared/errors.ts';
import type { Db } from '../store/db.ts';
import { deleteExpiredTokens, findToken, insertToken, type StoredToken } from '../store/tokens.ts';

export interface Client extends ClientCredentials {
  /** Token lifetime in seconds: 3600 (§8) unless a clients file gives a test client a short one, so that a
   *  black-box suite can watch a token expire. */
  tokenLifetimeSeconds?: number;
}

/** The default App clients (openapi/clients.ts: the base four of the design brief §4 and one per scope of the
 *  contract); a clients file (JSON array of Client) replaces them. */
export function loadClients(file?: string): Client[] {
  if (file) return JSON.parse(readFileSync(file, 'utf8')) as Client[];
  return Object.values(defaultClients);
}

export const TOKEN_LIFETIME_S = 3600; // §8
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** How many verified tokens `bearer` keeps in memory before it forgets them all (and reads them again). */
const KNOWN_TOKENS_MAX = 10_000;

export class Auth {
  readonly clients: Map<string, Client>;
  private readonly db: Db;
  /**
   * Tokens already verified, by their value, so that a call need not hash its token and read the tokens table
   * (scripts/README.md, performance notes). The table stays the truth (tokens survive a restart); expiry is checked
   * on every call. Nothing revokes a token before its expiry.
   */
  private readonly known = new Map<string, StoredToken>();
  constructor(db: Db, clients: Client[]) {
    this.db = db;
    this.clients = new Map(clients.map((c) => [c.clientId, c]));
  }

  authenticate(clientId: string, secret: string): Client | undefined {
    const c = this.clients.get(clientId);
    return c && safeEqual(c.clientSecret, secret) ? c : undefined;
  }

  issue(
    client: Client,
    now: Date,
  ): { access_token: string; expires_in: number; token_type: 'Bearer'; scope: string | null } {
    const token = randomBytes(32).toString('hex');
    deleteExpiredTokens(this.db, now.getTime());
    for (const [t, k] of this.known) if (k.expiresAt < now.getTime()) this.known.delete(t);
    const lifetime = client.tokenLifetimeSeconds ?? TOKEN_LIFETIME_S;
    insertToken(this.db, hash(token), { clientId: client.clientId, expiresAt: now.getTime() + lifetime * 1000 });
    return {
      access_token: token,
      expires_in: lifetime,
      token_type: 'Bearer',
      scope: client.scopes.length ? client.scopes.join(' ') : null,
    };
  }

  /** The client behind `Authorization: Bearer <token>`, or a 401 (D-05). */
  bearer(header: string | undefined, now: Date): Client {
    const challenge = 'Bearer realm="store-admin-api"';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!m)
      fail(401, 'error.unauthorized', 'authorization', 'A bearer token is required', 'request', {
        'WWW-Authenticate': challenge,
      });
    const token = m[1]!;
    let row = this.known.get(token);
    if (!row) {
      const stored = findToken(this.db, hash(token));
      if (stored) {
        if (this.known.size >= KNOWN_TOKENS_MAX) this.known.clear();
        this.known.set(token, (row = stored));
      }
    }
    const client = row && row.expiresAt > now.getTime() ? this.clients.get(row.clientId) : undefined;
    if (!client)
      fail(401, 'error.unauthorized', 'authorization', 'The token is unknown or expired', 'request', {
        'WWW-Authenticate': `${challenge}, error="invalid_token"`,
      });
    return client;
  }

  /** 403 unless the client holds every scope of one alternative (D-07). */
  requireScopes(client: Client, alternatives: string[][]): void {
    if (alternatives.some((alt) => alt.every((s) => client.scopes.includes(s)))) return;
    fail(
      403,
      'error.forbidden',
      'authorization',
      `This operation needs one of the scopes: ${alternatives.map((a) => a.join('+')).join(', ')}`,
    );
  }
}
