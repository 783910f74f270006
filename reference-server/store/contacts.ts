// Contact storage (§2.2, §4.2): `contacts` keeps what search and uniqueness need as indexed columns and the rest as
// JSON; the primary address and the access grants have tables of their own, so that deleting an access role drops
// its grants by foreign key (D-50) and an address id is never reused (D-15). The rules live in contacts/.
import { randomInt } from 'node:crypto';
import { isoUtc, sql, type Db, type Row } from './db.ts';
import { addFilters, filtersOf, type ListSyntax } from './filters.ts';

export const CONTACTS_DDL = `
CREATE TABLE IF NOT EXISTS contacts (
  id INTEGER PRIMARY KEY, type TEXT NOT NULL, email TEXT NOT NULL, reference TEXT, "leaveDate" TEXT,
  firstname TEXT, lastname TEXT, company TEXT, "passwordHash" TEXT, thumbnail TEXT, created TEXT NOT NULL,
  search TEXT NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS contacts_email ON contacts (email COLLATE NOCASE);
CREATE UNIQUE INDEX IF NOT EXISTS contacts_reference ON contacts (reference);
CREATE INDEX IF NOT EXISTS "contacts_leaveDate" ON contacts ("leaveDate");
CREATE INDEX IF NOT EXISTS contacts_type ON contacts (type);
CREATE TABLE IF NOT EXISTS "contactAddresses" (
  id INTEGER PRIMARY KEY AUTOINCREMENT, "contactId" INTEGER NOT NULL UNIQUE REFERENCES contacts (id) ON DELETE CASCADE,
  doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS "contactAccessRoles" (
  "contactId" INTEGER NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  "roleId" INTEGER NOT NULL REFERENCES "accessRoles" (id) ON DELETE CASCADE,
  expires TEXT, status TEXT NOT NULL, PRIMARY KEY ("contactId", "roleId"));
CREATE INDEX IF NOT EXISTS "contactAccessRoles_roleId" ON "contactAccessRoles" ("roleId");`;

/** A contact as stored: the columns plus the fields kept in `doc`; values as written (validated against Contact). */
export interface StoredContact {
  id: number;
  type: string;
  created: string;
  passwordHash: string | null;
  thumbnail: string | null;
  tags: string[];
  [field: string]: unknown;
}

const COLUMNS = [
  'type',
  'email',
  'reference',
  'leaveDate',
  'firstname',
  'lastname',
  'company',
  'passwordHash',
  'thumbnail',
  'created',
] as const;
const DOC_FIELDS = [
  'department',
  'division',
  'position',
  'biography',
  'dateOfBirth',
  'startDate',
  'phone',
  'mobile',
  'registeredNumber',
  'taxNumber',
  'username',
  'website',
  'tags',
] as const;

/** A row of `contacts` as the contact it stores. */
function contactOf(row: Row): StoredContact {
  const rec: Record<string, unknown> = { id: Number(row.id), ...JSON.parse(String(row.doc)) };
  for (const c of COLUMNS) rec[c] = row[c] ?? null;
  return rec as StoredContact;
}

/** The contacts `ids`, in id order; an id with none is left out. */
export const loadContacts = (db: Db, ids: number[]): StoredContact[] =>
  (
    sql(db, 'SELECT * FROM contacts WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(
      JSON.stringify(ids),
    ) as Row[]
  ).map(contactOf);

export const loadContact = (db: Db, id: number): StoredContact | undefined => loadContacts(db, [id])[0];

export function saveContact(db: Db, rec: StoredContact, isNew: boolean): void {
  const row: Row = { id: rec.id, doc: JSON.stringify(Object.fromEntries(DOC_FIELDS.map((f) => [f, rec[f]]))) };
  for (const c of COLUMNS) row[c] = (rec[c] ?? null) as Row[string];
  // D-11: `q` is a case-insensitive substring of these four; JS lower-casing folds every script, not only ASCII.
  row.search = [rec.firstname, rec.lastname, rec.email, rec.company].filter(Boolean).join('\u001f').toLowerCase();
  const names = Object.keys(row);
  sql(
    db,
    isNew
      ? `INSERT INTO contacts (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((n) => `$${n}`).join(', ')})`
      : `UPDATE contacts SET ${names.map((n) => `"${n}" = $${n}`).join(', ')} WHERE id = $id`,
  ).run(row);
}

/** Deletes a contact; its address and grants go by foreign key. */
export const deleteContactRow = (db: Db, id: number) => sql(db, 'DELETE FROM contacts WHERE id = ?').run(id);

/** D-27: random and non-sequential, retried on the rare clash. */
export function newContactId(db: Db): number {
  for (;;) {
    const id = randomInt(100_000, 1_000_000_000);
    if (!sql(db, 'SELECT 1 FROM contacts WHERE id = ?').get(id)) return id;
  }
}

/** D-27: true when a contact other than `id` holds `reference`. */
export const referenceTaken = (db: Db, reference: unknown, id: number) =>
  Boolean(sql(db, 'SELECT 1 FROM contacts WHERE reference = ? AND id <> ?').get(String(reference), id));

/** A primary address: its id and the fields as written. */
export interface StoredAddress {
  id: number;
  fields: Record<string, unknown>;
}

/** The primary addresses of the contacts `contactIds`, by contact id. */
export function addressesOf(db: Db, contactIds: number[]): Map<number, StoredAddress> {
  const rows = sql(
    db,
    'SELECT "contactId", id, doc FROM "contactAddresses" WHERE "contactId" IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(contactIds)) as Row[];
  return new Map(
    rows.map((r) => [
      Number(r.contactId),
      { id: Number(r.id), fields: JSON.parse(String(r.doc)) as StoredAddress['fields'] },
    ]),
  );
}

/** D-15: adds the address when the contact has none, else merges `given` into it; its id never changes. */
export function mergeAddress(db: Db, contactId: number, given: Record<string, unknown>): void {
  const existing = addressesOf(db, [contactId]).get(contactId);
  if (existing)
    sql(db, 'UPDATE "contactAddresses" SET doc = ? WHERE id = ?').run(
      JSON.stringify({ ...existing.fields, ...given }),
      existing.id,
    );
  else sql(db, 'INSERT INTO "contactAddresses" ("contactId", doc) VALUES (?, ?)').run(contactId, JSON.stringify(given));
}

export const deleteAddress = (db: Db, contactId: number) =>
  sql(db, 'DELETE FROM "contactAddresses" WHERE "contactId" = ?').run(contactId);

export interface Grant {
  status: string;
  expires: string | null;
}
export interface Role {
  id: number;
  requiresVerification: boolean;
  requiresApproval: boolean;
}

/** The grants a contact holds, by role id. */
export function heldGrants(db: Db, contactId: number): Map<number, Grant> {
  const rows = sql(db, 'SELECT "roleId", status, expires FROM "contactAccessRoles" WHERE "contactId" = ?').all(
    contactId,
  ) as Row[];
  return new Map(
    rows.map((g) => [Number(g.roleId), { status: String(g.status), expires: (g.expires ?? null) as string | null }]),
  );
}

/** Replaces every grant of a contact (§4.2 rule 2), in the order given. */
export function replaceGrants(db: Db, contactId: number, grants: (Grant & { roleId: number })[]): void {
  sql(db, 'DELETE FROM "contactAccessRoles" WHERE "contactId" = ?').run(contactId);
  for (const g of grants) {
    sql(
      db,
      'INSERT OR REPLACE INTO "contactAccessRoles" ("contactId", "roleId", status, expires) VALUES (?, ?, ?, ?)',
    ).run(contactId, g.roleId, g.status, g.expires);
  }
}

/** A grant as a contact returns it. */
export interface ShownGrant {
  reference: string;
  expires: string | null;
  status: string;
}

/** The grants of the contacts `contactIds` as each returns them, in the order they were given, by contact id. */
export function grantsOf(db: Db, contactIds: number[]): Map<number, ShownGrant[]> {
  const rows = sql(
    db,
    `SELECT g."contactId", r.reference, g.expires, g.status FROM "contactAccessRoles" g
    JOIN "accessRoles" r ON r.id = g."roleId"
    WHERE g."contactId" IN (SELECT value FROM json_each(?)) ORDER BY g.rowid`,
  ).all(JSON.stringify(contactIds)) as Row[];
  const byContact = Map.groupBy(rows, (g) => Number(g.contactId));
  return new Map(
    [...byContact].map(([contactId, grants]) => [
      contactId,
      grants.map((g) => ({
        reference: String(g.reference),
        expires: (g.expires ?? null) as string | null,
        status: String(g.status),
      })),
    ]),
  );
}

/** An access role by reference, case-insensitively as references are unique (D-34). */
export function findRole(db: Db, reference: string): Role | undefined {
  const row = sql(
    db,
    'SELECT id, "requiresVerification", "requiresApproval" FROM "accessRoles" WHERE reference = ? COLLATE NOCASE',
  ).get(reference) as Row | undefined;
  return (
    row && {
      id: Number(row.id),
      requiresVerification: row.requiresVerification === 1,
      requiresApproval: row.requiresApproval === 1,
    }
  );
}

/** The search's filters (D-11: `reference`, `email`, `leaveDate`), from its operation's `x-filter`s; every filtered
 * column of contacts is text. */
const SEARCH_FILTERS = filtersOf('searchContacts', []);

/**
 * D-11: the contacts `by` finds (`q`, a case-insensitive substring of the names, email and company; the `x-filter`s,
 * with `:in` values read through `listSyntax`), combined with AND; the page of `limit` from `offset` in id order (D-03).
 */
export function searchContacts(
  db: Db,
  by: { q?: string } & Record<string, unknown>,
  listSyntax: ListSyntax,
  limit: number,
  offset: number,
): StoredContact[] {
  const where: string[] = [];
  const args: Row = {};
  addFilters(by, SEARCH_FILTERS, undefined, listSyntax, where, args);
  if (by.q !== undefined) {
    where.push('instr(search, $q) > 0');
    args.q = by.q.toLowerCase();
  }
  const text = `SELECT * FROM contacts ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id LIMIT ${limit} OFFSET ${offset}`;
  return (sql(db, text).all(args) as Row[]).map(contactOf);
}

const HQ = { type: 'hq', email: 'hq@reference-store.example', company: 'Reference Store' };

/** D-12: the one hq contact, made with a new database (in the seeding transaction). */
export function seedHq(db: Db, now: Date): void {
  if (sql(db, "SELECT 1 FROM contacts WHERE type = 'hq'").get()) return;
  saveContact(
    db,
    { id: newContactId(db), ...HQ, created: isoUtc(now), passwordHash: null, thumbnail: null, tags: [] },
    true,
  );
}
