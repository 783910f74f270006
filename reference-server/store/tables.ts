// The database's tables and its start-up data: each v2 resource's table (its DDL derived from the contract by
// store/columns.ts), the tables of contacts, tokens, the event outbox, stored content and shipments, then the
// built-in access roles and geozones (D-34, D-35) and the one hq contact (D-12).
import { isoUtc, sql, tx, type Db, type Row } from './db.ts';
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

/** Stored images behind absolute content URLs (D-24), and shipments (D-49). */
const CONTENT_DDL =
  'CREATE TABLE IF NOT EXISTS content (path TEXT PRIMARY KEY, mime TEXT NOT NULL, data BLOB NOT NULL);';
const SHIPMENTS_DDL =
  'CREATE TABLE IF NOT EXISTS shipments (id INTEGER PRIMARY KEY, doc TEXT NOT NULL, "createdOn" TEXT NOT NULL);';

export function createTables(db: Db, resources: Resource[]): void {
  for (const r of resources) db.exec(r.ddl());
  for (const ddl of [TOKENS_DDL, OUTBOX_DDL, CONTACTS_DDL, CONTENT_DDL, SHIPMENTS_DDL]) db.exec(ddl);
}

const builtInRoles = [
  {
    reference: 'customer',
    title: 'Customer',
    description: 'Registered customers',
    requiresVerification: true,
    requiresApproval: false,
  },
  {
    reference: 'trade',
    title: 'Trade',
    description: 'Trade customers with preferential pricing',
    requiresVerification: true,
    requiresApproval: true,
  },
  {
    reference: 'staff',
    title: 'Staff',
    description: 'Members of staff',
    requiresVerification: false,
    requiresApproval: false,
  },
];
const builtInGeozones = [
  { title: 'United Kingdom', countries: [{ countryCode: 'GB', regions: [] }] },
  {
    title: 'European Union',
    countries: ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PT', 'SE'].map((countryCode) => ({
      countryCode,
      regions: [],
    })),
  },
  { title: 'Rest of world', countries: [] },
];

/** Seeds a new database once; a file database keeps what it has. */
export function seed(db: Db, now: Date): void {
  if ((sql(db, 'SELECT count(*) AS n FROM "accessRoles"').get() as Row).n) return;
  const created = isoUtc(now);
  tx(db, () => {
    for (const r of builtInRoles) {
      sql(
        db,
        'INSERT INTO "accessRoles" (reference, title, description, "requiresVerification", "requiresApproval", "isBuiltIn", "createdOn", "modifiedOn") VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
      ).run(
        r.reference,
        r.title,
        r.description,
        Number(r.requiresVerification),
        Number(r.requiresApproval),
        created,
        created,
      );
    }
    for (const g of builtInGeozones) {
      sql(
        db,
        'INSERT INTO geozones (title, countries, "isBuiltIn", "createdOn", "modifiedOn") VALUES (?, ?, 1, ?, ?)',
      ).run(g.title, JSON.stringify(g.countries), created, created);
    }
    seedHq(db, now);
  });
}
