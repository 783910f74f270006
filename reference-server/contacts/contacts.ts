// v1 Contacts (§2.2, §3, §4.2; D-11..D-15, D-24..D-29). The body's shapes, lengths and patterns are checked by the
// dispatcher from the contract; this file holds the rules the schema cannot express and the writes (create, update,
// remove: each one transaction, with its event), over store/contacts.ts.
import { schema } from '../../openapi/contract.ts';
import { fail, notFound } from '../../shared/errors.ts';
import { isoUtc, tx } from '../store/db.ts';
import {
  addressesOf,
  deleteAddress,
  deleteContactRow,
  findRole,
  grantsOf,
  heldGrants,
  loadContact,
  loadContacts,
  mergeAddress,
  newContactId,
  referenceTaken,
  replaceGrants,
  saveContact,
  searchContacts,
  type StoredAddress,
  type StoredContact,
} from '../store/contacts.ts';
import type { ListSyntax } from '../store/filters.ts';
import type { Ctx } from '../store/types.ts';
import { countryName, hashPassword, keypadDigits, resolveGrant, type GrantInput } from './rules.ts';
import { readThumbnail, removeStored, storeThumbnail, thumbnailUrl, type Thumbnail } from './thumbnails.ts';

/** A `contact` body as validated against ContactInput (read-only fields already dropped, D-09). */
export type ContactInput = Record<string, unknown> & {
  type?: string;
  address?: Record<string, unknown> | null;
  accessRoles?: GrantInput[];
};
/** A contact as returned (the Contact schema). */
export type Contact = Record<string, unknown> & { id: number };

/** The Contact schema's properties, in its order: every answer carries each of them (unset ones null, §2.1). */
const CONTACT_FIELDS = Object.keys(schema('Contact').properties ?? {});
/** Address fields a write may set (D-15); `id`, `country` and `isPrimary` are the server's. */
const ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'company',
  'line1',
  'line2',
  'line3',
  'city',
  'region',
  'countryCode',
  'zip',
  'latitude',
  'longitude',
] as const;
const INHERITED = ['firstname', 'lastname', 'company'] as const;
/** A contact's address as returned: the contract's Address without the label-only `title` and `phone` (D-15). */
const ADDRESS_OUT = Object.keys(schema('Address').properties ?? {}).filter((f) => f !== 'title' && f !== 'phone');
const contentDir = (id: number) => `contacts/${id}`;

/** The contact as get returns it (and as events carry it, D-17). */
export const present = (ctx: Ctx, id: number, baseUrl: string): Contact | undefined =>
  presentAll(ctx, loadContacts(ctx.db, [id]), baseUrl)[0];

/** D-11: the contacts a search finds, the page of `limit` (D-03) its `page` asks for, as get returns each. */
export function search(
  ctx: Ctx,
  query: { q?: string; page?: number; limit?: number } & Record<string, unknown>,
  listSyntax: ListSyntax,
  baseUrl: string,
): Contact[] {
  const limit = Number(query.limit ?? 100);
  const offset = (Number(query.page ?? 1) - 1) * limit;
  return presentAll(ctx, searchContacts(ctx.db, query, listSyntax, limit, offset), baseUrl);
}

/**
 * The contacts `recs` as get returns them, their addresses and grants read in one query each: a page of contacts costs
 * the same few queries whatever its size (reference-server/contacts/search.test.ts).
 */
function presentAll(ctx: Ctx, recs: StoredContact[], baseUrl: string): Contact[] {
  const ids = recs.map((rec) => rec.id);
  const addresses = addressesOf(ctx.db, ids);
  const grants = grantsOf(ctx.db, ids);
  return recs.map((rec) => {
    // The fields not stored as they are returned; every other one is the stored value.
    const derived: Record<string, unknown> = {
      hasPassword: rec.passwordHash !== null,
      thumbnail: thumbnailUrl(rec.thumbnail, baseUrl),
      address: presentAddress(rec, addresses.get(rec.id)),
      accessRoles: grants.get(rec.id) ?? [],
      tags: { contact: rec.tags ?? [] },
    };
    return Object.fromEntries(CONTACT_FIELDS.map((f) => [f, f in derived ? derived[f] : (rec[f] ?? null)])) as Contact;
  });
}

/** The primary address as returned: inherited names (§2.2), the derived `country`, `isPrimary` (D-15). */
function presentAddress(rec: StoredContact, address: StoredAddress | undefined): Record<string, unknown> | null {
  if (!address) return null;
  const a = address.fields;
  for (const f of INHERITED) a[f] ??= rec[f] ?? null; // §2.2: inherited from the contact when not supplied
  const derived: Record<string, unknown> = {
    id: address.id,
    country: countryName(a.countryCode as string | null | undefined),
    isPrimary: true,
  };
  return Object.fromEntries(ADDRESS_OUT.map((f) => [f, f in derived ? derived[f] : (a[f] ?? null)]));
}

const bodyError = (ref: string, field: string, message: string): never =>
  fail(422, ref, `contact.${field}`, message, 'contact');

/** §4.2 rule 2: the list given replaces every grant; D-25 decides each one's status. */
function grant(ctx: Ctx, contactId: number, entries: GrantInput[]): void {
  const held = heldGrants(ctx.db, contactId);
  replaceGrants(
    ctx.db,
    contactId,
    entries.map((entry, i) => {
      const reference = typeof entry === 'string' ? entry : entry.reference;
      const role =
        findRole(ctx.db, reference) ??
        bodyError('error.reference-not-found', `accessRoles.${i}`, `No access role with reference ${reference}`);
      return { roleId: role.id, ...resolveGrant(entry, role, held.get(role.id)) };
    }),
  );
}

/** What a write needs that is slow: the thumbnail's download and the password's hash, done before the transaction. */
interface Prepared {
  thumbnail: Thumbnail | undefined;
  passwordHash: string | undefined;
}
const prepare = async (input: ContactInput, baseUrl: string, allowPrivateUrls: boolean): Promise<Prepared> => ({
  thumbnail:
    'thumbnail' in input
      ? await readThumbnail(input.thumbnail as string | null, baseUrl, 'contact.thumbnail', { allowPrivateUrls })
      : undefined,
  passwordHash: typeof input.password === 'string' ? await hashPassword(input.password) : undefined,
});

/** Applies a validated `contact` body to the stored record and writes it, in the caller's transaction. */
function write(
  ctx: Ctx,
  baseUrl: string,
  input: ContactInput,
  { thumbnail, passwordHash }: Prepared,
  previous: StoredContact | undefined,
): Contact {
  const { db, now } = ctx;
  // D-12: exactly one hq, from the start; nobody becomes or stops being it.
  if ((previous?.type === 'hq') !== (input.type === 'hq')) {
    bodyError(
      'error.hq-exists',
      'type',
      previous?.type === 'hq' ? 'The hq contact must stay hq' : 'The hq contact already exists; there is exactly one',
    );
  }
  const rec: StoredContact = previous
    ? { ...previous }
    : {
        id: newContactId(db),
        type: String(input.type),
        created: isoUtc(now),
        passwordHash: null,
        thumbnail: null,
        tags: [],
      };
  for (const [field, value] of Object.entries(input)) {
    if (field === 'address' || field === 'accessRoles' || field === 'thumbnail') continue; // their own storage, below
    if (field === 'password') rec.passwordHash = passwordHash!;
    else if (field === 'phone' || field === 'mobile') rec[field] = value === null ? null : keypadDigits(String(value));
    else if (field === 'tags')
      rec.tags = [...new Set((value as { contact: string[] }).contact)]; // D-26
    else rec[field] = value;
  }
  // D-29: on add the schema requires the names; on update they must still be there after merging.
  if (rec.type === 'guest' || rec.type === 'user') {
    for (const f of ['firstname', 'lastname'])
      if (!rec[f]) bodyError('error.required', f, `is required for a ${rec.type} contact`);
  }
  if (rec.reference !== null && rec.reference !== undefined && referenceTaken(db, rec.reference, rec.id)) {
    // D-27
    bodyError('error.unique', 'reference', 'must be unique; another contact has this reference');
  }
  if (thumbnail) rec.thumbnail = storeThumbnail(db, contentDir(rec.id), thumbnail, previous?.thumbnail ?? null);
  saveContact(db, rec, !previous);
  if (input.address)
    mergeAddress(
      db,
      rec.id,
      Object.fromEntries(ADDRESS_FIELDS.filter((f) => f in input.address!).map((f) => [f, input.address![f]])),
    );
  // D-55: null removes the primary address; without one it changes nothing (the `address: null` a get returns).
  else if (input.address === null) deleteAddress(db, rec.id);
  if (input.accessRoles) grant(ctx, rec.id, input.accessRoles);
  const contact = present(ctx, rec.id, baseUrl)!;
  ctx.events.emit(db, 'contacts', previous ? 'updated' : 'created', contact, now);
  return contact;
}

/** Adds a contact (§4.2): what is slow first, then the write and its event in one transaction. */
export async function create(
  ctx: Ctx,
  baseUrl: string,
  input: ContactInput,
  allowPrivateUrls: boolean,
): Promise<Contact> {
  const prepared = await prepare(input, baseUrl, allowPrivateUrls);
  return tx(ctx.db, () => write(ctx, baseUrl, input, prepared, undefined));
}

/** Updates contact `id` (§4.2) with the fields `input` holds; the others keep their values. */
export async function update(
  ctx: Ctx,
  id: number,
  baseUrl: string,
  input: ContactInput,
  allowPrivateUrls: boolean,
): Promise<Contact> {
  if (!loadContact(ctx.db, id)) notFound('id', 'contact'); // before any download
  const prepared = await prepare(input, baseUrl, allowPrivateUrls);
  // Loaded again inside the transaction: the contact may have changed (or gone) during the download.
  return tx(ctx.db, () => write(ctx, baseUrl, input, prepared, loadContact(ctx.db, id) ?? notFound('id', 'contact')));
}

/** Deletes a contact and its stored thumbnail, with its event, in one transaction; the hq contact stays (D-12). */
export function remove(ctx: Ctx, id: number, baseUrl: string): void {
  tx(ctx.db, () => {
    const contact = present(ctx, id, baseUrl) ?? notFound('id', 'contact');
    if (contact.type === 'hq')
      fail(422, 'error.hq-required', 'id', 'The hq contact cannot be deleted; exactly one must exist', 'path');
    removeStored(ctx.db, contentDir(id), loadContact(ctx.db, id)!.thumbnail);
    deleteContactRow(ctx.db, id);
    ctx.events.emit(ctx.db, 'contacts', 'deleted', contact, ctx.now);
  });
}
