// The database's tables and its start-up data: each resource's table (its DDL derived from the contract by
// store/columns.ts), the tables of contacts, tokens, the event outbox and stored content, then the
// built-in access roles and geozones (D-34, D-35; store/builtIns.ts) and the one hq contact (D-12).
import { defaultBuiltIns, writeBuiltIns, type BuiltInRows } from './builtIns.ts';
import { sql, tx, type Db, type Row } from './db.ts';
import { CONTACTS_DDL, seedHq } from './contacts.ts';
import type { Resource } from './resource.ts';

/** Opaque bearer tokens, stored as SHA-256 hashes (D-05). */
const TOKENS_DDL =
  'CREATE TABLE IF NOT EXISTS tokens (hash TEXT PRIMARY KEY, clientId TEXT NOT NULL, expiresAt INTEGER NOT NULL);';

/** Event deliveries, written in the change's transaction (D-17, D-23). */
const OUTBOX_DDL = `CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY, deliveryId TEXT NOT NULL, webhookId INTEGER NOT NULL, clientId TEXT NOT NULL,
  url TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
  nextAttemptAt INTEGER NOT NULL, state TEXT NOT NULL DEFAULT 'pending', lastError TEXT);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, nextAttemptAt);`;

/** Stored images behind absolute content URLs (D-24). */
const CONTENT_DDL =
  'CREATE TABLE IF NOT EXISTS content (path TEXT PRIMARY KEY, mime TEXT NOT NULL, data BLOB NOT NULL);';

export function createTables(db: Db, resources: Resource[]): void {
  for (const r of resources) db.exec(r.ddl());
  for (const ddl of [TOKENS_DDL, OUTBOX_DDL, CONTACTS_DDL, CONTENT_DDL]) db.exec(ddl);
}

/** Seeds a new database once, with the built-in rows `builtIns` and the hq contact; a file database keeps what it has. */
export function seed(db: Db, now: Date, builtIns: BuiltInRows = defaultBuiltIns()): void {
  if ((sql(db, 'SELECT count(*) AS n FROM "accessRoles"').get() as Row).n) return;
  tx(db, () => {
    writeBuiltIns(db, builtIns, now);
    seedHq(db, now);
  });
}
