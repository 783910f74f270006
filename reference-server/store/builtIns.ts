// The built-in access roles (D-34) and geozones (D-35): rows a new database holds from the start, which §2.12 says
// "can be listed" and which the API can neither change nor delete. One app's `builtIns` seam (seams.ts) holds them:
// `seed` (tables.ts) writes them into a new database, and `replace` puts others in their place, at start (a benign
// variant's own built-ins, instruments/variants/). The reference server never calls `replace`.
import { isoUtc, sql, tx, type Db, type Row } from './db.ts';

export interface BuiltInRole {
  reference: string;
  title: string;
  description: string | null;
  requiresVerification: boolean;
  requiresApproval: boolean;
}
export interface BuiltInGeozone {
  title: string;
  countries: { countryCode: string; regions: string[] }[];
}
export interface BuiltInRows {
  accessRoles: BuiltInRole[];
  geozones: BuiltInGeozone[];
}

/** The reference server's built-in rows (D-34, D-35): a fresh copy each time, so that one app's patch stays its own. */
export const defaultBuiltIns = (): BuiltInRows => ({
  accessRoles: [
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
  ],
  geozones: [
    { title: 'United Kingdom', countries: [{ countryCode: 'GB', regions: [] }] },
    {
      title: 'European Union',
      countries: ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PT', 'SE'].map((countryCode) => ({
        countryCode,
        regions: [],
      })),
    },
    { title: 'Rest of world', countries: [] },
  ],
});

/** The ids of a table's built-in rows, oldest first. */
const builtInIds = (db: Db, table: string): number[] =>
  (
    sql(db, `SELECT id FROM "${table}" WHERE "isBuiltIn" = 1 ORDER BY id`, { arrays: true }).all() as unknown as [
      number,
    ][]
  ).map(([id]) => Number(id));

const roleRow = (r: BuiltInRole): Row => ({
  reference: r.reference,
  title: r.title,
  description: r.description,
  requiresVerification: Number(r.requiresVerification),
  requiresApproval: Number(r.requiresApproval),
});
const geozoneRow = (g: BuiltInGeozone): Row => ({ title: g.title, countries: JSON.stringify(g.countries) });

/**
 * Makes `rows` the built-in rows of `table`: written over those it holds, by position (so their ids stay, and the
 * first add of a new database is an insert), added past them, and the surplus deleted (`dropped` runs first on each,
 * for what refers to it). In the caller's transaction.
 */
function writeRows(db: Db, table: string, rows: Row[], now: string, dropped: (id: number) => void = () => {}): void {
  const ids = builtInIds(db, table);
  rows.forEach((row, i) => {
    const names = Object.keys(row);
    const id = ids[i];
    if (id === undefined)
      sql(
        db,
        `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}, "isBuiltIn", "createdOn", "modifiedOn") VALUES (${names.map((n) => `$${n}`).join(', ')}, 1, $now, $now)`,
      ).run({ ...row, now });
    else
      sql(
        db,
        `UPDATE "${table}" SET ${names.map((n) => `"${n}" = $${n}`).join(', ')}, "modifiedOn" = $now WHERE id = $id`,
      ).run({ ...row, now, id });
  });
  for (const id of ids.slice(rows.length)) {
    dropped(id);
    sql(db, `DELETE FROM "${table}" WHERE id = ?`).run(id);
  }
}

/** Writes `rows` as the database's built-in rows (see writeRows), in the caller's transaction. */
export function writeBuiltIns(db: Db, rows: Partial<BuiltInRows>, now: Date): void {
  const at = isoUtc(now);
  if (rows.accessRoles)
    writeRows(db, 'accessRoles', rows.accessRoles.map(roleRow), at, (id) =>
      // D-50: a role's prices lose it; its contact grants go with it by foreign key (store/contacts.ts).
      sql(db, 'UPDATE "productPrices" SET "accessRoleId" = NULL WHERE "accessRoleId" = ?').run(id),
    );
  if (rows.geozones) writeRows(db, 'geozones', rows.geozones.map(geozoneRow), at);
}

/** One app's built-in rows: those `seed` writes into a new database, and the way to put others in their place. */
export class BuiltIns {
  private readonly db: Db;
  private readonly clock: () => Date;
  /** The rows the database holds as its built-ins (after `replace`, the replacement's). */
  rows: BuiltInRows;
  constructor(db: Db, clock: () => Date, rows: BuiltInRows = defaultBuiltIns()) {
    this.db = db;
    this.clock = clock;
    this.rows = rows;
  }

  /** Makes the database hold `next` (either list, or both) as its built-in rows instead, at once. */
  replace(next: Partial<BuiltInRows>): void {
    tx(this.db, () => writeBuiltIns(this.db, next, this.clock()));
    this.rows = { ...this.rows, ...next };
  }
}
