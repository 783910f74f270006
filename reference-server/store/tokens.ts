// The tokens table (D-05, D-06): each bearer token issued, stored as the SHA-256 hash of its value with its client
// and its expiry. The table is the truth of which tokens are valid (they survive a restart); http/auth.ts hashes and
// keeps verified ones in memory.
import { sql, type Db, type Row } from './db.ts';

export interface StoredToken {
  clientId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Drops the tokens expired before `nowMs`. */
export function deleteExpiredTokens(db: Db, nowMs: number): void {
  sql(db, 'DELETE FROM tokens WHERE expiresAt < ?').run(nowMs);
}

/** Stores a token by the hash of its value. */
export function insertToken(db: Db, hash: string, token: StoredToken): void {
  sql(db, 'INSERT INTO tokens (hash, clientId, expiresAt) VALUES (?, ?, ?)').run(hash, token.clientId, token.expiresAt);
}

/** The token stored under `hash`, expired or not, or undefined. */
export function findToken(db: Db, hash: string): StoredToken | undefined {
  const row = sql(db, 'SELECT clientId, expiresAt FROM tokens WHERE hash = ?').get(hash) as Row | undefined;
  return row && { clientId: String(row.clientId), expiresAt: Number(row.expiresAt) };
}
