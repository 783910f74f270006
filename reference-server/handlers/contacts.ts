// v1 Contacts (§2.2, §3, §4.2; D-11..D-15, D-24..D-29). The body's shapes, lengths and patterns are checked by the
// dispatcher from the contract; this file holds only the rules the schema cannot express.
// Storage: `contacts` keeps what search and uniqueness need as indexed columns and the rest as JSON; the primary
// address and the access grants have tables of their own, so that deleting an access role drops its grants by
// foreign key (D-50) and an address id is never reused (D-15).
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { fail, notFound } from '../http/errors.ts';
import type { Json } from '../http/spec.ts';
import { isoUtc, normaliseDateTime, sql, tx, type Db, type Row } from '../store/db.ts';
import { emit } from '../webhooks/outbox.ts';
import { readThumbnail, removeStored, storeThumbnail, thumbnailUrl, type Thumbnail } from './thumbnails.ts';
import type { Handler, Reply, Req } from './types.ts';

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

type Obj = Record<string, Json>;
/** A contact as stored: the columns plus the fields kept in `doc`. */
interface Stored extends Obj { id: number; type: string; created: string; passwordHash: string | null; thumbnail: string | null; tags: string[] }
type GrantInput = string | { reference: string; expires?: string | null; status?: 'active' | 'pending' };

const COLUMNS = ['type', 'email', 'reference', 'leaveDate', 'firstname', 'lastname', 'company', 'passwordHash', 'thumbnail', 'created'] as const;
const DOC_FIELDS = ['department', 'division', 'position', 'biography', 'dateOfBirth', 'startDate', 'phone', 'mobile',
  'registeredNumber', 'taxNumber', 'username', 'website', 'tags'] as const;
/** The order of the Contact schema, for readable answers. */
const FIELD_ORDER = ['type', 'email', 'firstname', 'lastname', 'company', 'department', 'division', 'position', 'biography',
  'dateOfBirth', 'startDate', 'leaveDate', 'phone', 'mobile'] as const;
/** Address fields a write may set (D-15); `id`, `country` and `isPrimary` are the server's. */
const ADDRESS_FIELDS = ['firstname', 'lastname', 'company', 'line1', 'line2', 'line3', 'city', 'region', 'countryCode', 'zip', 'latitude', 'longitude'] as const;
const INHERITED = ['firstname', 'lastname', 'company'] as const;

const HQ = { type: 'hq', email: 'hq@reference-store.example', company: 'Reference Store' };
const contentDir = (id: number) => `contacts/${id}`;

// --- pure rules, unit-tested -------------------------------------------------------------------------------

const KEYPAD = ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'];
/** D-14: letters become their telephone keypad digit (ABC→2 … WXYZ→9); everything else is kept. */
export function keypadDigits(phone: string): string {
  return phone.replace(/[a-z]/gi, (ch) => String(KEYPAD.findIndex((keys) => keys.includes(ch.toUpperCase())) + 2));
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
/** D-28: scrypt with a random salt, `scrypt$<salt>$<hash>` (base64). Off the event loop (libuv's pool): a
 * synchronous hash blocked every other request for its ~50 ms (node --cpu-prof of a suite run). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scryptAsync(password, salt, 32)).toString('base64')}`;
}
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  return timingSafeEqual(await scryptAsync(password, Buffer.from(salt, 'base64'), 32), Buffer.from(hash, 'base64'));
}

export interface Grant { status: string; expires: string | null }
export interface RoleRule { requiresVerification: boolean; requiresApproval: boolean }
/**
 * D-25: `status: active` grants at once; otherwise (no status, or `pending` as a get returns it) a grant the contact
 * already holds keeps its status (re-listing a role to keep it, §4.2 rule 2, must not undo a verification), and a
 * new one follows the role's default rule.
 * The string form keeps an existing expiry; the object form sets it (absent: none).
 */
export function resolveGrant(entry: GrantInput, role: RoleRule, held: Grant | undefined): Grant {
  const byDefault = role.requiresVerification || role.requiresApproval ? 'pending' : 'active';
  if (typeof entry === 'string') return held ?? { status: byDefault, expires: null };
  return {
    status: entry.status === 'active' ? 'active' : held?.status ?? byDefault,
    expires: entry.expires ? normaliseDateTime(entry.expires) : null,
  };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** The read-only `country` of an address, from its ISO code; null for a code that names no region. */
export function countryName(code: string | null | undefined): string | null {
  if (!code) return null;
  try { return countryNames.of(code) ?? null; } catch { return null; }
}

// --- storage -------------------------------------------------------------------------------------------------

function load(db: Db, id: number): Stored | undefined {
  const row = sql(db, 'SELECT * FROM contacts WHERE id = ?').get(id) as Row | undefined;
  if (!row) return undefined;
  const rec: Obj = { id: Number(row.id), ...JSON.parse(String(row.doc)) };
  for (const c of COLUMNS) rec[c] = row[c] ?? null;
  return rec as Stored;
}

function save(db: Db, rec: Stored, isNew: boolean): void {
  const row: Row = { id: rec.id, doc: JSON.stringify(Object.fromEntries(DOC_FIELDS.map((f) => [f, rec[f]]))) };
  for (const c of COLUMNS) row[c] = rec[c] ?? null;
  // D-11: `q` is a case-insensitive substring of these four; JS lower-casing folds every script, not only ASCII.
  row.search = [rec.firstname, rec.lastname, rec.email, rec.company].filter(Boolean).join('\u001f').toLowerCase();
  const names = Object.keys(row);
  sql(db, isNew
    ? `INSERT INTO contacts (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((n) => `$${n}`).join(', ')})`
    : `UPDATE contacts SET ${names.map((n) => `"${n}" = $${n}`).join(', ')} WHERE id = $id`).run(row);
}

/** D-27: random and non-sequential, retried on the rare clash. */
function newId(db: Db): number {
  for (;;) {
    const id = randomInt(100_000, 1_000_000_000);
    if (!sql(db, 'SELECT 1 FROM contacts WHERE id = ?').get(id)) return id;
  }
}

/** D-15, §4.2 rules 3–4: added when the contact has none, else merged; a sent `id` is never used. */
function saveAddress(db: Db, contactId: number, input: Obj): void {
  const row = sql(db, 'SELECT id, doc FROM "contactAddresses" WHERE "contactId" = ?').get(contactId) as Row | undefined;
  const given = Object.fromEntries(ADDRESS_FIELDS.filter((f) => f in input).map((f) => [f, input[f]]));
  if (row) sql(db, 'UPDATE "contactAddresses" SET doc = ? WHERE id = ?').run(JSON.stringify({ ...JSON.parse(String(row.doc)), ...given }), row.id!);
  else sql(db, 'INSERT INTO "contactAddresses" ("contactId", doc) VALUES (?, ?)').run(contactId, JSON.stringify(given));
}

/** §4.2 rule 2: the list given replaces every grant. */
function saveGrants(db: Db, contactId: number, entries: GrantInput[]): void {
  const held = new Map((sql(db, 'SELECT "roleId", status, expires FROM "contactAccessRoles" WHERE "contactId" = ?').all(contactId) as Row[])
    .map((g) => [Number(g.roleId), { status: String(g.status), expires: (g.expires ?? null) as string | null }]));
  sql(db, 'DELETE FROM "contactAccessRoles" WHERE "contactId" = ?').run(contactId);
  entries.forEach((entry, i) => {
    const reference = typeof entry === 'string' ? entry : entry.reference;
    // Role references are unique case-insensitively (D-34), so they are looked up the same way.
    const role = sql(db, 'SELECT id, "requiresVerification", "requiresApproval" FROM "accessRoles" WHERE reference = ? COLLATE NOCASE').get(reference) as Row | undefined;
    if (!role) fail(422, 'error.reference-not-found', `contact.accessRoles.${i}`, `No access role with reference ${reference}`, 'contact');
    const grant = resolveGrant(entry, { requiresVerification: role.requiresVerification === 1, requiresApproval: role.requiresApproval === 1 }, held.get(Number(role.id)));
    sql(db, 'INSERT OR REPLACE INTO "contactAccessRoles" ("contactId", "roleId", status, expires) VALUES (?, ?, ?, ?)').run(contactId, role.id!, grant.status, grant.expires);
  });
}

/** The contact as get returns it (and as events carry it, D-17). */
function present(db: Db, id: number, baseUrl: string): Obj | undefined {
  const rec = load(db, id);
  if (!rec) return undefined;
  const out: Obj = { id: rec.id };
  for (const f of FIELD_ORDER) out[f] = rec[f] ?? null;
  Object.assign(out, {
    hasPassword: rec.passwordHash !== null,
    reference: rec.reference ?? null, registeredNumber: rec.registeredNumber ?? null, taxNumber: rec.taxNumber ?? null,
    username: rec.username ?? null, website: rec.website ?? null,
    thumbnail: thumbnailUrl(rec.thumbnail, baseUrl), created: rec.created,
  });
  const address = sql(db, 'SELECT id, doc FROM "contactAddresses" WHERE "contactId" = ?').get(id) as Row | undefined;
  if (address) {
    const a = JSON.parse(String(address.doc)) as Obj;
    for (const f of INHERITED) a[f] ??= rec[f] ?? null; // §2.2: inherited from the contact when not supplied
    out.address = {
      id: Number(address.id), firstname: a.firstname, lastname: a.lastname, company: a.company,
      line1: a.line1 ?? null, line2: a.line2 ?? null, line3: a.line3 ?? null, city: a.city ?? null, region: a.region ?? null,
      country: countryName(a.countryCode), countryCode: a.countryCode ?? null, zip: a.zip ?? null,
      latitude: a.latitude ?? null, longitude: a.longitude ?? null, isPrimary: true,
    };
  } else out.address = null;
  out.accessRoles = sql(db, `SELECT r.reference, g.expires, g.status FROM "contactAccessRoles" g JOIN "accessRoles" r ON r.id = g."roleId"
    WHERE g."contactId" = ? ORDER BY g.rowid`).all(id).map((g) => ({ reference: g.reference, expires: g.expires ?? null, status: g.status }));
  out.tags = { contact: rec.tags ?? [] };
  return out;
}

// --- rules and writes ----------------------------------------------------------------------------------------

const bodyError = (ref: string, field: string, message: string): never => fail(422, ref, `contact.${field}`, message, 'contact');

/** Applies a validated `contact` body to the stored record and writes it, in the caller's transaction. */
function write(req: Req, input: Obj, { thumbnail, passwordHash }: Prepared, previous: Stored | undefined): Obj {
  const { db, now } = req;
  // D-12: exactly one hq, from the start; nobody becomes or stops being it.
  if ((previous?.type === 'hq') !== (input.type === 'hq')) {
    bodyError('error.hq-exists', 'type', previous?.type === 'hq' ? 'The hq contact must stay hq' : 'The hq contact already exists; there is exactly one');
  }
  const rec: Stored = previous ? { ...previous } : { id: newId(db), type: input.type, created: isoUtc(now), passwordHash: null, thumbnail: null, tags: [] };
  for (const [field, value] of Object.entries(input)) {
    if (field === 'address' || field === 'accessRoles' || field === 'thumbnail') continue; // their own storage, below
    if (field === 'password') rec.passwordHash = passwordHash!;
    else if (field === 'phone' || field === 'mobile') rec[field] = value === null ? null : keypadDigits(value);
    else if (field === 'tags') rec.tags = [...new Set<string>(value.contact)]; // D-26
    else rec[field] = value;
  }
  // D-29: on add the schema requires the names; on update they must still be there after merging.
  if (rec.type === 'guest' || rec.type === 'user') {
    for (const f of ['firstname', 'lastname']) if (!rec[f]) bodyError('error.required', f, `is required for a ${rec.type} contact`);
  }
  if (rec.reference !== null && rec.reference !== undefined // D-27
    && sql(db, 'SELECT 1 FROM contacts WHERE reference = ? AND id <> ?').get(rec.reference, rec.id)) {
    bodyError('error.unique', 'reference', 'must be unique; another contact has this reference');
  }
  if (thumbnail) rec.thumbnail = storeThumbnail(db, contentDir(rec.id), thumbnail, previous?.thumbnail ?? null);
  save(db, rec, !previous);
  if (input.address) saveAddress(db, rec.id, input.address);
  // D-55: null removes the primary address; without one it changes nothing (the `address: null` a get returns).
  else if (input.address === null) sql(db, 'DELETE FROM "contactAddresses" WHERE "contactId" = ?').run(rec.id);
  if (input.accessRoles) saveGrants(db, rec.id, input.accessRoles);
  const contact = present(db, rec.id, req.baseUrl)!;
  emit(db, 'contacts', previous ? 'updated' : 'created', contact, now);
  return contact;
}

// The read-only fields a get's answer sent back carries (`id`, `hasPassword`, `created`) were dropped after
// validation (http/validation.ts dropReadOnly, D-09): they never reach the record.
const contactOf = (req: Req) => (req.body as { contact: Obj }).contact;
interface Prepared { thumbnail: Thumbnail | undefined; passwordHash: string | undefined }
// The slow parts come before the transaction, which must not wait on them: the thumbnail's download and the
// password's hash.
const prepare = async (req: Req, input: Obj): Promise<Prepared> => ({
  thumbnail: 'thumbnail' in input ? await readThumbnail(input.thumbnail, req.baseUrl, 'contact.thumbnail') : undefined,
  passwordHash: typeof input.password === 'string' ? await hashPassword(input.password) : undefined,
});

export async function createContact(req: Req): Promise<Reply> {
  const input = contactOf(req);
  const prepared = await prepare(req, input);
  return { status: 201, body: { contact: tx(req.db, () => write(req, input, prepared, undefined)) } };
}

/** Serves both `updateContact` (PUT) and `updateContactPost` (§4.2's second listing), hence the plain `Req`. */
export async function updateContact(req: Req): Promise<Reply> {
  const id = Number(req.params.id);
  if (!load(req.db, id)) notFound('id', 'contact'); // before any download
  const input = contactOf(req);
  const prepared = await prepare(req, input);
  // Loaded again inside the transaction: the contact may have changed (or gone) during the download.
  return { status: 200, body: { contact: tx(req.db, () => write(req, input, prepared, load(req.db, id) ?? notFound('id', 'contact'))) } };
}

export const getContact: Handler<'getContact'> = (req) =>
  ({ status: 200, body: { contact: present(req.db, Number(req.params.id), req.baseUrl) ?? notFound('id', 'contact') } });

export const deleteContact: Handler<'deleteContact'> = (req) => tx(req.db, () => {
  const id = Number(req.params.id);
  const contact = present(req.db, id, req.baseUrl) ?? notFound('id', 'contact');
  if (contact.type === 'hq') fail(422, 'error.hq-required', 'id', 'The hq contact cannot be deleted; exactly one must exist', 'path'); // D-12
  removeStored(req.db, contentDir(id), load(req.db, id)!.thumbnail);
  sql(req.db, 'DELETE FROM contacts WHERE id = ?').run(id); // the address and grants go by foreign key
  emit(req.db, 'contacts', 'deleted', contact, req.now);
  return { status: 204 };
});

/** D-11: `q`, `reference`, `email`, `leaveDate`, combined with AND; paged and ordered by id (D-03). */
export const searchContacts: Handler<'searchContacts'> = (req) => {
  const { q, reference, email, leaveDate } = req.query as Record<string, string | undefined>;
  const where: string[] = [];
  const args: Row = {};
  if (q !== undefined) { where.push('instr(search, $q) > 0'); args.q = q.toLowerCase(); }
  if (reference !== undefined) { where.push('reference = $reference'); args.reference = reference; }
  if (email !== undefined) { where.push('email = $email COLLATE NOCASE'); args.email = email; }
  if (leaveDate !== undefined) { where.push('"leaveDate" = $leaveDate'); args.leaveDate = leaveDate; }
  const limit = Number(req.query.limit ?? 100);
  const offset = (Number(req.query.page ?? 1) - 1) * limit;
  const rows = sql(req.db, `SELECT id FROM contacts ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id LIMIT ${limit} OFFSET ${offset}`).all(args) as Row[];
  return { status: 200, body: { contacts: rows.map((r) => present(req.db, Number(r.id), req.baseUrl)) } };
};

/** D-12: the one hq contact, made with a new database (in the seeding transaction). */
export function seedHq(db: Db, now: Date): void {
  if (sql(db, "SELECT 1 FROM contacts WHERE type = 'hq'").get()) return;
  save(db, { id: newId(db), ...HQ, created: isoUtc(now), passwordHash: null, thumbnail: null, tags: [] }, true);
}
