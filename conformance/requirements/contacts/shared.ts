// What the requirements of contacts share: the fields read from the document's ContactInput and Contact schemas and
// the create body's if/then (D-29); a valid create body, a contact read back, the roles the target lists, the hq
// contact; what the requirements of a contact's writes and reads judge of their exchanges. It declares no requirement.
import { expect } from '../../lib/requirement.ts';
import { errorsBy, everyItem, expectAccepted, resourceIn } from '../../lib/expectations.ts';
import { check, deref, isNullable, op, schema, sourceText, type Json } from '../../lib/contract.ts';
import { baseBody, contactsIn, create } from '../../lib/fixtures.ts';
import { Nonconformance, type Api, type ApiResponse } from '../../lib/api.ts';
import type { components } from '../../../client/index.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import { collectionKey } from '../../lib/judging/memory.ts';
import { answerText, envelopeGap, got, ok2xx, type Reading } from '../../lib/judging/reading.ts';
import { propertiesOf } from '../../lib/lists.ts';
import { callOf, differs, fresh, readBackGap, shown, unsetIn, type Call } from '../resources/judgements.ts';

export const input: Json = schema('ContactInput');
export const output: Json = schema('Contact');
const inputProps = input.properties as Record<string, Json>;
const ptr = (field: string) => `#/components/schemas/ContactInput/properties/${field}`;
const outPtr = (field: string) => `#/components/schemas/Contact/properties/${field}`;
export const accepts = (field: string, value: unknown) => check(ptr(field), value).length === 0;

// The create body: ContactInput plus always-required fields and the if/then of types that need names (D-29).
const createBody = deref({ $ref: op('createContact').bodyPointer }).properties.contact;
const conditional = (createBody.allOf as Json[]).find((s) => s.if);
export const namedTypes: string[] = conditional.if.properties.type.enum;
export const namedRequired: string[] = conditional.then.required;
export const alwaysRequired: string[] = [
  ...new Set([
    ...(input.required ?? []),
    ...(createBody.allOf as Json[]).filter((s) => !s.if).flatMap((s) => s.required ?? []),
  ]),
];
// The enum read from the document, typed as the generated types have it, so typed calls can send each type.
export const types: components['schemas']['ContactInput']['type'][] = inputProps.type.enum;
export const updates = ['updateContact', 'updateContactPost'] as const;

/**
 * Fields §2.2 says are "Currently not implemented" (username): a target may accept them and do nothing with them, so
 * a `source` requirement may say only that a value within §2.2's rules is not refused. That they are validated, kept
 * and returned is D-27's.
 */
export const notImplemented = new Set(['username']);
/**
 * The primary address fields §2.2 lists as "seen on write", read from the source; which of them a target requires is
 * not shown (§2.12: "Full field list of the contact address object: not shown").
 */
export const addressWritten: string[] = (() => {
  const line = sourceText.split('\n').find((l) => l.startsWith('Primary address fields seen on write:')) ?? '';
  return [...line.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
})();
/** A value for each field of `addressWritten`, of a real address (Leeds, GB). */
const ADDRESS_FILL: Json = {
  line1: '1 Park Row',
  line2: 'Floor 2',
  line3: 'Park Square',
  city: 'Leeds',
  region: 'West Yorkshire',
  countryCode: 'GB',
  zip: 'LS1 5HD',
};
/**
 * An address the suite writes, whole: the fields the requirement gives, and every other field §2.2 shows on write
 * (`addressWritten`) from one real address, so that a target requiring any of them accepts it. A requirement about a
 * missing or partial address (a merge) sends its own.
 */
export const wholeAddress = (given: Json): Json => ({
  ...Object.fromEntries(addressWritten.map((f) => [f, ADDRESS_FILL[f]])),
  ...given,
});
/**
 * A random run of letters: what a name holds. §2.2 allows "any unicode letter" in a lastname and says nothing of
 * digits in names, which a target may refuse there.
 */
export const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
/** A random run of digits; digits are valid in every text field (no HTML, phone keypad, username). */
export const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
export const limited = Object.entries(inputProps)
  .filter(([, s]) => typeof s.maxLength === 'number')
  .map(([f, s]) => ({ field: f, max: s.maxLength as number }));
export const noHtml = Object.entries(inputProps)
  .filter(([, s]) => s.pattern === '^[^<>]*$')
  .map(([f]) => f);
export const otherPatterns = Object.entries(inputProps)
  .filter(([, s]) => s.pattern && s.pattern !== '^[^<>]*$')
  .map(([f]) => f);
export const dateFields = Object.entries(inputProps)
  .filter(([, s]) => JSON.stringify(s).includes('/schemas/Date"'))
  .map(([f]) => f);
// Fields whose input takes letters that the answer may not hold: the keypad conversion of D-14.
export const keypadFields = Object.keys(inputProps).filter(
  (f) =>
    inputProps[f].pattern &&
    output.properties[f]?.pattern &&
    accepts(f, '0800FLOWERS') &&
    check(outPtr(f), '0800FLOWERS').length > 0,
);
// D-09: the read-only fields ContactInput lists, accepted and ignored on write.
export const readOnly = Object.entries(inputProps)
  .filter(([, s]) => deref(s).readOnly)
  .map(([f]) => f);
/** The documented values of the non-nullable optional fields when unset (D-25, D-26, D-28). */
export const unsetValues: Record<string, Json> = { hasPassword: false, accessRoles: [], tags: { contact: [] } };
export const answerExample = op('createContact').responses['201'].content['application/json'].example.contact;

/**
 * A valid create body: the stated body or the document's example (lib/fixtures.ts, with a fresh reference and
 * email, and no grants of roles the target may not have), then `fields` (undefined removes).
 */
export function body(api: Api, fields: Json = {}): Json {
  const data: Json = { ...baseBody(api, 'createContact').data, ...fields };
  api.ledger.declare('createContact', Object.keys(fields), 'the requirement');
  for (const [k, v] of Object.entries(data)) if (v === undefined) delete data[k];
  return { contact: data };
}
export const get = async (api: Api, id: number) => {
  const res = await api.call('getContact', { params: { id } });
  expectAccepted(res, 'get of the contact');
  return contactIn(res, 'get of the contact');
};
/** The contact an answer holds (D-11's `contact`), checked first: an odd answer fails, never a TypeError. */
export const contactIn = (res: ApiResponse, what: string): Json => resourceIn(res, 'contact', what);
export const update = async (api: Api, operationId: string, id: number, fields: Json) =>
  api.untyped(operationId, { params: { id }, body: { contact: fields } });

export function expect404(res: ApiResponse) {
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ success: false, status: 404 });
  expect(errorsBy(res, 'ref')).toContain('error.not-found');
}
/** The role references of grants read back, whichever form they take (§2.2 gives the forms written, not read: D-25). */
export const refsOf = (grants: Json[]): string[] => {
  if (!Array.isArray(grants))
    throw new Nonconformance(`accessRoles read back is not a list: ${JSON.stringify(grants)}`);
  return grants.map((g) => (typeof g === 'string' ? g : g?.reference)).sort();
};

export interface Role {
  reference: string;
  requiresVerification: boolean;
  requiresApproval: boolean;
  isBuiltIn: boolean;
}
/**
 * Every role the target lists, page by page at its own page size through `links.next` (§2.1): its default and
 * maximum page size, and the name of its page parameter, are its decisions (lib/lists.ts).
 */
export async function roles(api: Api): Promise<Role[]> {
  return (await everyItem(api, op('listAccessRoles'), {})) as Role[];
}
export const ruleOf = (r: Role) => (r.requiresVerification || r.requiresApproval ? 'pending' : 'active');
/** A role whose default rule holds grants back: a built-in one if listed, else one made for the test. */
export async function ruledRole(api: Api): Promise<string> {
  const found = (await roles(api)).find((r) => ruleOf(r) === 'pending');
  return (
    found?.reference ??
    (await create(api, 'createAccessRole', { requiresVerification: true, requiresApproval: false })).reference
  );
}

/**
 * The one hq contact (§3), found by walking the unfiltered search (it has no type filter) at the target's own page
 * size (default and maximum are its decisions); null if not reached.
 */
export async function findHq(api: Api): Promise<Json | null> {
  for (let page = 1; page <= 200; page++) {
    const res = await api.call('searchContacts', { query: { page } });
    expectAccepted(res, 'the contact search');
    const contacts = contactsIn(res);
    const hq = contacts.find((c: Json) => c?.type === 'hq');
    if (hq) return hq;
    if (!contacts.length)
      throw new Nonconformance('walked every contact: no hq contact exists (§3 requires exactly one)');
  }
  return null;
}

/** A role whose default rule grants at once: a listed one, else one made for the test. */
export async function openRole(api: Api): Promise<string> {
  const found = (await roles(api)).find((r) => ruleOf(r) === 'active');
  return (
    found?.reference ??
    (await create(api, 'createAccessRole', { requiresVerification: false, requiresApproval: false })).reference
  );
}
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// ---------------------------------------------------------------------------------------------------------
// What the requirements of a contact's writes and reads judge (lib/judging/): the suite over the exchanges its act
// made, the proxy over live traffic; memory (lib/judging/memory.ts) tells what a write made, answered and deleted.

/** A call of a contact's operations of one of `kinds` (resources/judgements.ts `callOf`). */
const contactCall = (r: Reading, ...kinds: Call['kind'][]): Call | undefined => {
  const c = callOf(r);
  return c?.create === 'createContact' && kinds.includes(c.kind) ? c : undefined;
};

/** D-11: a get of a contact with no write since its add answers the contact exactly as the add answered it. */
export const readsBack: Judge = {
  operation: 'getContact',
  reads: 'a get of a contact with no write since its add',
  on: (r) => {
    const c = contactCall(r, 'get');
    return !!c && fresh(c, r) && c.item!.last!.operationId === 'createContact';
  },
  gap: (r) => {
    const c = contactCall(r, 'get')!;
    const gap = readBackGap(c, r, 'the contact added');
    if (gap) return gap;
    const different = differs(c);
    return different.length
      ? `the get differs from what createContact answered in ${different.slice(0, 5).join(', ')}`
      : undefined;
  },
  every: true,
};

/** A get or a delete of a contact a delete removed. */
const ofDeleted = (r: Reading) => {
  const c = contactCall(r, 'get', 'delete');
  return c?.item?.deleted ? c : undefined;
};
/** RFC 9110 §15.5.5, §15.5.11: after its delete, a get or a delete of the contact answers 404, or 410 Gone. */
export const gone: Judge = {
  reads: 'a get or a delete of a deleted contact',
  on: (r) => ofDeleted(r) !== undefined,
  gap: (r) =>
    [404, 410].includes(r.x.status)
      ? undefined
      : `the deleted contact ${ofDeleted(r)!.id} must be 404 (or 410 Gone), ${got(r)}`,
};
/** The contacts a search whose query filters them lists that a delete removed. */
function searchedDeleted(r: Reading): string[] | undefined {
  if (r.o?.operationId !== 'searchContacts' || r.stage !== 'read' || r.x.status !== 200) return undefined;
  // An unfiltered search is one another client's delete may cross in live traffic.
  if (!r.query.some(([k]) => k !== 'page' && k !== 'limit') || !Array.isArray(r.body?.contacts)) return undefined;
  const deleted = r.memory.deletedIds.get(collectionKey('createContact', {}));
  if (!deleted?.size) return undefined;
  return r.body.contacts.map((x: Json) => String(x?.id)).filter((id: string) => deleted.has(id));
}
/**
 * D-04, D-11, D-02: a delete answers 204 (or the dialect's status) without a body; then a get or a delete of the
 * contact answers 404 in the error envelope with `error.not-found`, and no search lists it.
 */
export const goneStatus: Judge = {
  reads: 'a delete of a contact that succeeded, a get or a delete of a deleted one, or a search after a delete',
  on: (r) => {
    const c = contactCall(r, 'delete');
    return ofDeleted(r) !== undefined || (!!c && ok2xx(r.x.status)) || searchedDeleted(r) !== undefined;
  },
  gap: (r) => {
    const listed = searchedDeleted(r);
    if (listed) return listed.length ? `the search lists ${listed.join(', ')}, which a delete removed` : undefined;
    if (ofDeleted(r))
      return (
        envelopeGap(r, 404) ??
        (Array.isArray(r.body?.errors) && r.body.errors.some((e: Json) => e?.ref === 'error.not-found')
          ? undefined
          : `expected an error with ref error.not-found, ${got(r)}`)
      );
    const status = r.loaded.dialect.statuses.delete;
    return r.x.status !== status
      ? `delete answered ${r.x.status}, expected ${status}`
      : r.x.responseLength
        ? `delete answered a body: ${answerText(r)}`
        : undefined;
  },
};

/**
 * An add of a contact that leaves some nullable fields unset, or a get reading one back with no write between: the
 * call, and those of them the Contact schema types nullable (a field "Currently not implemented", §2.2, need not be
 * returned at all: D-27's).
 */
function unsetContact(r: Reading) {
  const c = contactCall(r, 'add', 'get');
  const fields = propertiesOf(output);
  const unset = (c && unsetIn(c, r))?.filter((f) => f in fields && isNullable(fields[f]) && !notImplemented.has(f));
  return c && unset?.length ? { c, unset } : undefined;
}
/** §2.1: such an answer holds each of those fields, null. */
export const unsetNull: Judge = {
  reads: 'an add of a contact leaving nullable fields unset, or a get reading one back',
  on: (r) => unsetContact(r) !== undefined,
  gap: (r) => {
    const { c, unset } = unsetContact(r)!;
    const gap = c.kind === 'get' ? readBackGap(c, r, 'the contact') : undefined;
    if (gap) return gap;
    const wrong = unset.filter((f) => c.resource[f] !== null);
    return wrong.length ? `unset fields are not null (§2.1): ${shown(c.resource, wrong)}` : undefined;
  },
};
