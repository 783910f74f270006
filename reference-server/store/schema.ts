// Tables and start-up data: built-in access roles and geozones (D-34, D-35) and the one hq contact (D-12).
import { isoUtc, sql, tx, type Db, type Row } from './db.ts';
import { resources } from './resources.ts';
import { shippingServices } from '../shipping/services.ts';
import { OUTBOX_DDL } from '../webhooks/outbox.ts';
import { CONTACTS_DDL, seedHq } from '../handlers/contacts.ts';

export function createSchema(db: Db): void {
  for (const r of [...Object.values(resources), shippingServices]) db.exec(r.ddl());
  db.exec(OUTBOX_DDL);
  db.exec(CONTACTS_DDL);
  db.exec('CREATE TABLE IF NOT EXISTS content (path TEXT PRIMARY KEY, mime TEXT NOT NULL, data BLOB NOT NULL);');
  db.exec('CREATE TABLE IF NOT EXISTS shipments (id INTEGER PRIMARY KEY, doc TEXT NOT NULL, "createdOn" TEXT NOT NULL);');
}

const builtInRoles = [
  { reference: 'customer', title: 'Customer', description: 'Registered customers', requiresVerification: true, requiresApproval: false },
  { reference: 'trade', title: 'Trade', description: 'Trade customers with preferential pricing', requiresVerification: true, requiresApproval: true },
  { reference: 'staff', title: 'Staff', description: 'Members of staff', requiresVerification: false, requiresApproval: false },
];
const builtInGeozones = [
  { title: 'United Kingdom', countries: [{ countryCode: 'GB', regions: [] }] },
  { title: 'European Union', countries: ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PT', 'SE'].map((countryCode) => ({ countryCode, regions: [] })) },
  { title: 'Rest of world', countries: [] },
];

/** Seeds a new database once; a file database keeps what it has. */
export function seed(db: Db, now: Date): void {
  if ((sql(db, 'SELECT count(*) AS n FROM "accessRoles"').get() as Row).n) return;
  const created = isoUtc(now);
  tx(db, () => {
    for (const r of builtInRoles) {
      sql(db, 'INSERT INTO "accessRoles" (reference, title, description, "requiresVerification", "requiresApproval", "isBuiltIn", "createdOn", "modifiedOn") VALUES (?, ?, ?, ?, ?, 1, ?, ?)')
        .run(r.reference, r.title, r.description, Number(r.requiresVerification), Number(r.requiresApproval), created, created);
    }
    for (const g of builtInGeozones) {
      sql(db, 'INSERT INTO geozones (title, countries, "isBuiltIn", "createdOn", "modifiedOn") VALUES (?, ?, 1, ?, ?)').run(g.title, JSON.stringify(g.countries), created, created);
    }
    seedHq(db, now);
  });
}
