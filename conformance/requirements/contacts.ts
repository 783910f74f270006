// v1 Contacts (§2.1, §2.2, §3, §4.2, §8; D-09, D-11..D-15, D-24..D-29, D-55): limits, patterns, required fields,
// read-only and nullable fields come from the document's ContactInput and Contact schemas and the create body's
// if/then; access-role expectations come from the roles the target lists. Every test makes its own contacts.
// Basis: a rule the source states is a `source` requirement that says only "refused" or "accepted"
// (lib/expectations.ts); how we refuse it (422, the error envelope, the field's name, the `ref`) is its twin
// `<id>.naming`, basis decision (D-02 and the rule's D-nn).
import { randomUUID } from 'node:crypto';
import { expect, requirement, skip } from '../lib/requirement.ts';
import {
  createdIn,
  errorsBy,
  everyItem,
  expect422,
  expectAccepted,
  expectDeleted,
  expectRefused,
  expectWritten,
  resourceIn,
} from '../lib/expectations.ts';
import { check, deref, isNullable, op, schema, type Json } from '../lib/contract.ts';
import { baseBody, contactsIn, create, exampleOf, uid } from '../lib/fixtures.ts';
import { firstLine, Nonconformance, type Api, type ApiResponse, type Downloaded } from '../lib/api.ts';
import type { components } from '../../client/index.ts';
import { RECEIVER_PNG } from '../lib/receiver.ts';
import { appUrl, inbox } from '../lib/inbox.ts';

const input: Json = schema('ContactInput');
const output: Json = schema('Contact');
const inputProps = input.properties as Record<string, Json>;
const ptr = (field: string) => `#/components/schemas/ContactInput/properties/${field}`;
const outPtr = (field: string) => `#/components/schemas/Contact/properties/${field}`;
const accepts = (field: string, value: unknown) => check(ptr(field), value).length === 0;

// The create body: ContactInput plus always-required fields and the if/then of types that need names (D-29).
const createBody = deref({ $ref: op('createContact').bodyPointer }).properties.contact;
const conditional = (createBody.allOf as Json[]).find((s) => s.if);
const namedTypes: string[] = conditional.if.properties.type.enum;
const namedRequired: string[] = conditional.then.required;
const alwaysRequired: string[] = [
  ...new Set([
    ...(input.required ?? []),
    ...(createBody.allOf as Json[]).filter((s) => !s.if).flatMap((s) => s.required ?? []),
  ]),
];
// The enum read from the document, typed as the generated types have it, so typed calls can send each type.
const types: components['schemas']['ContactInput']['type'][] = inputProps.type.enum;
const updates = ['updateContact', 'updateContactPost'] as const;

/** The limits §2.2 and §8 state, each with its words in the source; the other limits are the register's (D-14, D-28, D-55). */
const limitQuote: Record<string, string> = {
  email: 'up to 255 characters',
  company: 'Up to 200 characters',
  firstname: 'Up to 60 characters',
  lastname: 'Up to 60 characters',
  department: 'Up to 60 characters',
  division: 'Up to 60 characters',
  position: 'Up to 60 characters',
  registeredNumber: 'Up to 50 characters',
  taxNumber: 'Up to 50 characters',
  username: 'Up to 30 characters',
};
const limitSource = (field: string): string[] =>
  limitQuote[field]
    ? ['§8', '§2.2']
    : field === 'phone' || field === 'mobile'
      ? ['D-14']
      : field === 'password'
        ? ['D-28']
        : ['D-55'];
const patternSource: Record<string, string[]> = {
  username: ['§2.2', 'D-27'],
  phone: ['§2.2', 'D-14'],
  mobile: ['§2.2', 'D-14'],
  website: ['D-27', 'D-55'],
};
/** The patterns whose characters §2.2 states (the rest, website's form, is D-27's). */
const phoneRule = 'Accepts digits 0-9, letters A-Z (converted to digits), brackets and plus';
const patternQuote: Record<string, string> = {
  username: 'letters, digits, underscore, dot, dash',
  phone: phoneRule,
  mobile: phoneRule,
};
/**
 * Fields §2.2 says are "Currently not implemented" (username): a target may accept them and do nothing with them, so
 * a `source` requirement may say only that a value within §2.2's rules is not refused. That they are validated, kept
 * and returned is D-27's.
 */
export const notImplemented = new Set(['username']);
/** The words of §2.2 that make each always-required field required. */
const requiredQuote: Record<string, string> = {
  type: 'Required on every request',
  email: 'Required. Valid email format',
};

/** A random run of digits; digits are valid in every text field (no HTML, phone keypad, username). */
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
/** An email of exactly n characters: a 64-character local part (RFC 5321) and 63-character labels. */
function emailOf(n: number): string {
  const local = `u${digits(63)}`;
  let rest = n - local.length - 1 - 'example.com'.length;
  const labels: string[] = [];
  while (rest > 0) {
    let take = Math.min(64, rest);
    if (rest - take === 1) take -= 1; // never leave a lone dot
    labels.push(`${'d'.repeat(take - 1)}.`);
    rest -= take;
  }
  const email = `${local}@${labels.join('')}example.com`;
  if (email.length !== n) throw new Error(`emailOf(${n}) made ${email.length}`);
  return email;
}
/** Value makers by kind; a field gets the first kind its own schema accepts at its limit (pattern, format). */
const kinds: ((n: number) => string)[] = [
  digits,
  (n) => `https://example.com/${digits(n - 20)}`,
  (n) => `/${digits(n - 1)}`,
  emailOf,
];
function maker(field: string, max: number): (n: number) => string {
  const fits = kinds.find((k) => {
    try {
      return accepts(field, k(max));
    } catch {
      return false;
    }
  });
  if (!fits) throw new Error(`no value of ${max} characters for contact.${field}`);
  return fits;
}

const limited = Object.entries(inputProps)
  .filter(([, s]) => typeof s.maxLength === 'number')
  .map(([f, s]) => ({ field: f, max: s.maxLength as number }));
const noHtml = Object.entries(inputProps)
  .filter(([, s]) => s.pattern === '^[^<>]*$')
  .map(([f]) => f);
const otherPatterns = Object.entries(inputProps)
  .filter(([, s]) => s.pattern && s.pattern !== '^[^<>]*$')
  .map(([f]) => f);
const dateFields = Object.entries(inputProps)
  .filter(([, s]) => JSON.stringify(s).includes('/schemas/Date"'))
  .map(([f]) => f);
// Fields whose input takes letters that the answer may not hold: the keypad conversion of D-14.
const keypadFields = Object.keys(inputProps).filter(
  (f) =>
    inputProps[f].pattern &&
    output.properties[f]?.pattern &&
    accepts(f, '0800FLOWERS') &&
    check(outPtr(f), '0800FLOWERS').length > 0,
);
// D-09: the read-only fields ContactInput lists, accepted and ignored on write.
const readOnly = Object.entries(inputProps)
  .filter(([, s]) => deref(s).readOnly)
  .map(([f]) => f);
/** The documented values of the non-nullable optional fields when unset (D-25, D-26, D-28). */
const unsetValues: Record<string, Json> = { hasPassword: false, accessRoles: [], tags: { contact: [] } };
const answerExample = op('createContact').responses['201'].content['application/json'].example.contact;

/**
 * A valid create body: the stated body or the document's example (lib/fixtures.ts, with a fresh reference and
 * email, and no grants of roles the target may not have), then `fields` (undefined removes).
 */
function body(api: Api, fields: Json = {}): Json {
  const data: Json = { ...baseBody(api, 'createContact').data, ...fields };
  api.ledger.declare('createContact', Object.keys(fields), 'the requirement');
  for (const [k, v] of Object.entries(data)) if (v === undefined) delete data[k];
  return { contact: data };
}
const get = async (api: Api, id: number) => {
  const res = await api.call('getContact', { params: { id } });
  expectAccepted(res, 'get of the contact');
  return contactIn(res, 'get of the contact');
};
/** The contact an answer holds (D-11's `contact`), checked first: an odd answer fails, never a TypeError. */
const contactIn = (res: ApiResponse, what: string): Json => resourceIn(res, 'contact', what);
const update = async (api: Api, operationId: string, id: number, fields: Json) =>
  api.untyped(operationId, { params: { id }, body: { contact: fields } });

function expect404(res: ApiResponse) {
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ success: false, status: 404 });
  expect(errorsBy(res, 'ref')).toContain('error.not-found');
}
/** The decision twin of a source refusal: `<id>.naming` says how it is refused (422 naming the field, D-02). */
const naming = (id: string, source: string[], title: string, body: (api: Api) => Promise<void>) =>
  requirement(
    {
      id: `${id}.naming`,
      level: 'MUST',
      source: [...new Set([...source, 'D-02'])],
      basis: 'decision',
      title,
    },
    ({ api }) => body(api),
  );
/** The role references of grants read back, whichever form they take (§2.2 gives the forms written, not read: D-25). */
const refsOf = (grants: Json[]): string[] => {
  if (!Array.isArray(grants))
    throw new Nonconformance(`accessRoles read back is not a list: ${JSON.stringify(grants)}`);
  return grants.map((g) => (typeof g === 'string' ? g : g?.reference)).sort();
};

interface Role {
  reference: string;
  requiresVerification: boolean;
  requiresApproval: boolean;
  isBuiltIn: boolean;
}
/**
 * Every role the target lists, page by page at its own page size through `links.next` (§2.1): its default and
 * maximum page size, and the name of its page parameter, are its decisions (lib/lists.ts).
 */
async function roles(api: Api): Promise<Role[]> {
  return (await everyItem(api, op('listAccessRoles'), {})) as Role[];
}
const ruleOf = (r: Role) => (r.requiresVerification || r.requiresApproval ? 'pending' : 'active');
/** A role whose default rule holds grants back: a built-in one if listed, else one made for the test. */
async function ruledRole(api: Api): Promise<string> {
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
async function findHq(api: Api): Promise<Json | null> {
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

/** The App receiver's PNG at `<receiver>/<key>/image`, reachable by the target like its callbacks (receiver.ts). */
const receiverImage = (key: string) => appUrl(key, 'hooks').replace(/\/hooks$/, '/image');
/** A loopback or private host, which a target downloading from public addresses only refuses (D-63). */
const LOCAL_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|\[(::1|f[cd]|fe80)|.*\.local$)/i;
/**
 * A contact whose thumbnail is the receiver's image (an external URL, §2.2). The receiver is at CALLBACK_HOST,
 * 127.0.0.1 unless set: a target that rightly downloads from public addresses only refuses it, and the failure then
 * says what to change, the target's setting or CALLBACK_HOST, rather than only that the create failed.
 */
async function createWithReceiverImage(api: Api, thumbnail: string): Promise<Json> {
  try {
    return await create(api, 'createContact', { thumbnail });
  } catch (err) {
    const host = new URL(thumbnail).hostname;
    if (!(err instanceof Nonconformance) || !LOCAL_HOST.test(host)) throw err;
    // First, so that the line of the cause in summary.md says it (it is cut at 160 characters).
    throw new Nonconformance(
      `thumbnail at ${host} refused (a private address, D-63): run the reference server with --allow-private-urls, ` +
        'or set CALLBACK_HOST (--callback-host) to an address of this machine the target may reach. ' +
        err.message.replace(/^\[nonconformance\] /, ''),
    );
  }
}

/** The leading bytes of the image formats D-24 stores (PNG, JPEG, GIF, WebP). */
const imageSignatures: [number, number[]][] = [
  [0, [0x89, 0x50, 0x4e, 0x47]],
  [0, [0xff, 0xd8, 0xff]],
  [0, [0x47, 0x49, 0x46, 0x38]],
  [8, [0x57, 0x45, 0x42, 0x50]],
];
const isImage = (bytes: Buffer, type: string) =>
  /^image\//i.test(type.trim()) || imageSignatures.some(([at, sig]) => sig.every((b, i) => bytes[at + i] === b));
/**
 * Downloads a thumbnail URL the target returned, as a browser showing it would (redirects followed): the bytes of an
 * image. Whatever goes wrong is the target's — a URL that is not absolute or does not resolve, a refused or cut
 * connection, an error status, bytes that are no image — so it fails the requirement with what happened, never
 * as an error of the suite.
 */
async function fetchImage(api: Api, url: unknown, what: string): Promise<Buffer> {
  if (typeof url !== 'string' || !/^https?:\/\/[^/]/.test(url))
    throw new Nonconformance(`${what}: the thumbnail read back is not an absolute URL: ${JSON.stringify(url)}`);
  const fail = (why: string) => new Nonconformance(`${what}: GET ${url} (the thumbnail read back) ${why}`);
  let res: Downloaded;
  try {
    res = await api.download(url);
  } catch (err) {
    throw fail(`got no answer: ${firstLine(err)}`);
  }
  const bytes = res.body;
  if (res.status < 200 || res.status > 299)
    throw fail(`answered ${res.status}: ${bytes.subarray(0, 200).toString('utf8')}`);
  const type = res.headers['content-type'] ?? '';
  if (!isImage(bytes, type))
    throw fail(
      `answered ${type || 'no content type'} and ${bytes.length} bytes that are not an image: ${JSON.stringify(bytes.subarray(0, 60).toString('latin1'))}`,
    );
  return bytes;
}

/** A role whose default rule grants at once: a listed one, else one made for the test. */
async function openRole(api: Api): Promise<string> {
  const found = (await roles(api)).find((r) => ruleOf(r) === 'active');
  return (
    found?.reference ??
    (await create(api, 'createAccessRole', { requiresVerification: false, requiresApproval: false })).reference
  );
}
/**
 * Contacts holding every kind of field a get returns (§4.2 rule 1): password, tags, a grant still pending under its
 * role's rule and an active one with an expiry, and a thumbnail both ways: a stored image with an address, and a
 * kept `~/content/` URI (no file behind it: a service that downloaded its own URL again would find nothing) with
 * `address: null`.
 */
async function richContacts(api: Api): Promise<Json[]> {
  const accessRoles = [
    await ruledRole(api),
    { reference: await openRole(api), expires: '2031-06-30T12:00:00+00:00', status: 'active' },
  ];
  const common = {
    password: 'round-trip-secret',
    tags: { contact: [uid('tag'), uid('tag')] },
    accessRoles,
    website: `team/${uid('jane')}`,
  };
  const made = [
    await create(api, 'createContact', { ...common, thumbnail: `data:image/png;base64,${PNG}` }),
    await create(api, 'createContact', {
      ...common,
      address: undefined,
      thumbnail: `~/content/${uid('avatars')}/round-trip.png`,
    }),
  ];
  const got = await Promise.all(made.map((c) => get(api, c.id)));
  for (const c of got) {
    expect(c.hasPassword).toBe(true);
    expect(c.accessRoles.map((g: Json) => g.status).sort()).toEqual(['active', 'pending']);
    expect(c.thumbnail).toMatch(/^https?:\/\//);
  }
  expect(got[0].address).not.toBeNull();
  expect(got[1].address).toBeNull();
  return got;
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

for (const { field, max } of limited) {
  const id = `createContact.max-length.${field}`;
  const quote = limitQuote[field];
  // A limit of the source: at the limit accepted, one over refused (source); how it is refused is the twin (D-02).
  // A limit of the register (D-14, D-28, D-55): one decision requirement says all of it.
  requirement(
    {
      id,
      level: 'MUST',
      source: limitSource(field),
      ...(quote ? { basis: 'source', quote } : { basis: 'decision' }),
      title: !quote
        ? `accepts a ${field} of ${max} characters and rejects ${max + 1} naming contact.${field}`
        : notImplemented.has(field)
          ? `does not refuse a ${field} of ${max} characters (§2.2: "Currently not implemented")`
          : `accepts a ${field} of ${max} characters and refuses ${max + 1}`,
    },
    async ({ api }) => {
      const make = maker(field, max);
      const at = make(max);
      const ok = await api.call('createContact', { body: body(api, { [field]: at }) });
      if (quote) expectAccepted(ok, `a ${field} of ${max} characters`);
      else expectWritten(ok, 'add');
      // A field §2.2 says is "Currently not implemented" need not be kept, nor checked: only not refused (source).
      if (quote && notImplemented.has(field)) return;
      const stored = await get(api, contactIn(ok, `the add of a ${field} of ${max} characters`).id);
      if (output.properties[field]) expect(stored[field]).toBe(at);
      else expect(stored.hasPassword).toBe(true); // write-only (password)
      const over = await api.call('createContact', { body: body(api, { [field]: make(max + 1) }) });
      if (quote) expectRefused(over, `a ${field} of ${max + 1} characters`);
      else expect422(over, { name: `contact.${field}` });
    },
  );
  if (quote && notImplemented.has(field))
    requirement(
      {
        id: `${id}.stored`,
        level: 'MUST',
        source: ['§8', '§2.2', 'D-27'],
        basis: 'decision',
        title: `a ${field} of ${max} characters is stored and read back as sent, and one of ${max + 1} refused (D-27: accepted, validated and returned)`,
      },
      async ({ api }) => {
        const make = maker(field, max);
        const at = make(max);
        const ok = await api.call('createContact', { body: body(api, { [field]: at }) });
        expectAccepted(ok, `a ${field} of ${max} characters`);
        expect((await get(api, contactIn(ok, `the add of a ${field}`).id))[field]).toBe(at);
        expectRefused(
          await api.call('createContact', { body: body(api, { [field]: make(max + 1) }) }),
          `a ${field} of ${max + 1} characters`,
        );
      },
    );
  if (quote)
    naming(
      id,
      ['§8', 'D-02', ...(notImplemented.has(field) ? ['D-27'] : [])],
      `a ${field} of ${max + 1} characters is a 422 naming contact.${field}`,
      async (api) => {
        expect422(await api.call('createContact', { body: body(api, { [field]: maker(field, max)(max + 1) }) }), {
          name: `contact.${field}`,
        });
      },
    );
}

for (const field of noHtml) {
  const id = `createContact.no-html.${field}`;
  requirement(
    {
      id,
      level: 'MUST',
      source: ['§2.2'],
      basis: 'source',
      quote: 'no HTML',
      title: `refuses HTML in ${field}`,
    },
    async ({ api }) => {
      expectRefused(await api.call('createContact', { body: body(api, { [field]: '<b>x</b>' }) }), `HTML in ${field}`);
    },
  );
  naming(id, ['§2.2', 'D-13'], `HTML in ${field} is a 422 error.html naming contact.${field}`, async (api) => {
    expect422(await api.call('createContact', { body: body(api, { [field]: '<b>x</b>' }) }), {
      name: `contact.${field}`,
      ref: ['error.html', 'error.pattern'],
    });
  });
}
// §2.2 says "no HTML" of fields, not of tag values: D-26 gives tags the rule.
requirement(
  {
    id: 'createContact.no-html.tags',
    level: 'MUST',
    source: ['§2.2', 'D-13', 'D-26'],
    basis: 'decision',
    title: 'rejects HTML in a tag value',
  },
  async ({ api }) => {
    expect422(await api.call('createContact', { body: body(api, { tags: { contact: ['<b>x</b>'] } }) }), {
      name: 'contact.tags',
      ref: ['error.html', 'error.pattern'],
      prefix: true,
    });
  },
);

for (const field of otherPatterns) {
  const bad = 'x y!#';
  if (accepts(field, bad)) continue;
  const id = `createContact.pattern.${field}`;
  const quote = patternQuote[field];
  if (!quote) {
    requirement(
      {
        id,
        level: 'MUST',
        source: patternSource[field] ?? ['§2.2'],
        basis: 'decision',
        title: `rejects a ${field} outside its pattern with 422 naming contact.${field}`,
      },
      async ({ api }) => {
        expect422(await api.call('createContact', { body: body(api, { [field]: bad }) }), {
          name: `contact.${field}`,
          ref: ['error.pattern', 'error.format'],
        });
      },
    );
    continue;
  }
  // A field "Currently not implemented" (§2.2) may be ignored rather than checked: refusing it is D-27's.
  requirement(
    {
      id,
      level: 'MUST',
      ...(notImplemented.has(field)
        ? { source: ['§2.2', 'D-27'], basis: 'decision' as const }
        : { source: ['§2.2'], basis: 'source' as const, quote }),
      title: `refuses a ${field} with characters §2.2 does not allow`,
    },
    async ({ api }) => {
      expectRefused(
        await api.call('createContact', { body: body(api, { [field]: bad }) }),
        `${field} ${JSON.stringify(bad)}`,
      );
    },
  );
  naming(
    id,
    patternSource[field] ?? ['§2.2'],
    `a ${field} outside its pattern is a 422 naming contact.${field}`,
    async (api) => {
      expect422(await api.call('createContact', { body: body(api, { [field]: bad }) }), {
        name: `contact.${field}`,
        ref: ['error.pattern', 'error.format'],
      });
    },
  );
}

for (const type of types.filter((t) => t !== 'hq')) {
  const needsNames = namedTypes.includes(type);
  const id = `createContact.required.${type}`;
  const bare = Object.fromEntries(
    Object.keys(exampleOf('createContact').contact)
      .filter((k) => !alwaysRequired.includes(k))
      .map((k) => [k, undefined]),
  );
  const named = () => Object.fromEntries(namedRequired.map((f) => [f, `N${digits(6)}`]));
  requirement(
    {
      id,
      level: 'MUST',
      source: ['§2.2', '§2.1'],
      basis: 'source',
      quote: 'Required when type is `guest` or `user`',
      title: needsNames
        ? `a ${type} needs ${namedRequired.join(' and ')}`
        : `a ${type} needs no ${namedRequired.join(' or ')}`,
    },
    async ({ api }) => {
      if (needsNames) {
        const names = named();
        for (const f of namedRequired)
          expectRefused(
            await api.call('createContact', { body: body(api, { ...bare, ...names, [f]: undefined, type }) }),
            `a ${type} without ${f}`,
          );
        const ok = await api.call('createContact', { body: body(api, { ...bare, ...names, type }) });
        expectAccepted(ok, `a ${type} with ${namedRequired.join(' and ')}`);
        // Read back with a get (§4.2): what an add answers is D-11's.
        expect(await get(api, contactIn(ok, `the add of a ${type}`).id)).toMatchObject({ type, ...names });
      } else {
        const res = await api.call('createContact', { body: body(api, { ...bare, type }) });
        expectAccepted(res, `a ${type} without ${namedRequired.join(' or ')}`);
        const got = await get(api, contactIn(res, `the add of a ${type}`).id);
        expect(got.type).toBe(type);
        // §2.1: "Unset optional values are returned as `null`".
        for (const f of namedRequired) expect(got[f], f).toBeNull();
      }
    },
  );
  if (needsNames)
    naming(
      id,
      ['§2.2', 'D-29'],
      `a ${type} without ${namedRequired.join(' or ')} is a 422 error.required naming it`,
      async (api) => {
        const names = named();
        for (const f of namedRequired)
          expect422(await api.call('createContact', { body: body(api, { ...bare, ...names, [f]: undefined, type }) }), {
            name: `contact.${f}`,
            ref: 'error.required',
          });
      },
    );
}

for (const field of alwaysRequired) {
  const id = `createContact.required-field.${field}`;
  const quote = requiredQuote[field];
  requirement(
    {
      id,
      level: 'MUST',
      source: ['§2.2', 'D-29'],
      ...(quote ? { basis: 'source', quote } : { basis: 'decision' }),
      title: quote
        ? `refuses a contact without ${field}`
        : `rejects a contact without ${field} naming contact.${field}`,
    },
    async ({ api }) => {
      const res = await api.call('createContact', { body: body(api, { [field]: undefined }) });
      if (quote) expectRefused(res, `a contact without ${field}`);
      else expect422(res, { name: `contact.${field}`, ref: 'error.required' });
    },
  );
  if (quote)
    naming(
      id,
      ['§2.2', 'D-29'],
      `a contact without ${field} is a 422 error.required naming contact.${field}`,
      async (api) => {
        expect422(await api.call('createContact', { body: body(api, { [field]: undefined }) }), {
          name: `contact.${field}`,
          ref: 'error.required',
        });
      },
    );
}

const badEmails = ['not-an-email', 'a@', '@example.com'];
requirement(
  {
    id: 'createContact.email-format',
    level: 'MUST',
    source: ['§2.2'],
    basis: 'source',
    quote: 'Valid email format',
    title: 'refuses an email that is not a valid address',
  },
  async ({ api }) => {
    for (const email of badEmails)
      expectRefused(await api.call('createContact', { body: body(api, { email }) }), `email ${email}`);
  },
);
naming(
  'createContact.email-format',
  ['§2.2'],
  'an email that is not a valid address is a 422 error.format naming contact.email',
  async (api) => {
    for (const email of badEmails)
      expect422(await api.call('createContact', { body: body(api, { email }) }), {
        name: 'contact.email',
        ref: 'error.format',
      });
  },
);

requirement(
  {
    id: 'createContact.password',
    level: 'MUST',
    source: ['§2.2', '§8'],
    basis: 'source',
    quote: 'Write only; never returned. 8 or more characters',
    title: 'refuses a password of 7 characters, accepts 8, and never returns its value',
  },
  async ({ api }) => {
    expectRefused(
      await api.call('createContact', { body: body(api, { password: 'abcdefg' }) }),
      'a password of 7 characters',
    );
    // "never returned" is about the value: an answer may name the field (a refusal naming `password`, a
    // `hasPassword`), never hold what was sent. Values no answer could hold by chance, of 8 characters and more.
    const secret = `pw${randomUUID().replace(/-/g, '').slice(0, 6)}`;
    const another = `pw-${randomUUID()}`;
    const ok = await api.call('createContact', { body: body(api, { password: secret }) });
    expectAccepted(ok, 'a password of 8 characters');
    const made = contactIn(ok, 'the add of a contact with a password');
    expect((await get(api, made.id)).hasPassword, 'hasPassword of a contact that set a password').toBe(true);
    // A password on update (D-55) and the search's reference filter (D-11) are ours: whatever they answer, it holds
    // no password.
    const answers = [
      ok,
      await api.call('getContact', { params: { id: made.id } }),
      await update(api, 'updateContact', made.id, { type: made.type, password: another }),
      await api.call('getContact', { params: { id: made.id } }),
      await api.call('searchContacts', { query: { reference: made.reference } }),
    ];
    for (const a of answers)
      for (const value of [secret, another])
        expect(a.text.includes(value), `${a.url} answered a password sent: ${a.text.slice(0, 300)}`).toBe(false);
  },
);
requirement(
  {
    id: 'createContact.password.status',
    level: 'MUST',
    source: ['§2.2', 'D-11', 'D-28', 'D-55', 'D-02'],
    basis: 'decision',
    title:
      'a password of 7 characters is a 422 error.min-length; add answers 201, and get, an update setting a password and search answer 200',
  },
  async ({ api }) => {
    expect422(await api.call('createContact', { body: body(api, { password: 'abcdefg' }) }), {
      name: 'contact.password',
      ref: 'error.min-length',
    });
    const ok = await api.call('createContact', { body: body(api, { password: 'abcdefgh' }) });
    expectWritten(ok, 'add');
    const made = createdIn(ok, 'contact', 'the add of a contact');
    const id = made.id;
    const answers = [
      await api.call('getContact', { params: { id } }),
      await update(api, 'updateContact', id, { type: made.type, password: 'another-secret' }),
      await api.call('searchContacts', { query: { reference: made.reference } }),
    ];
    for (const a of answers) expect(a.status, a.text.slice(0, 300)).toBe(200);
  },
);
requirement(
  {
    id: 'createContact.has-password',
    level: 'MUST',
    source: ['§2.2', 'D-28', 'D-55'],
    basis: 'decision',
    title: 'hasPassword is false without a password and true once one is set by update',
  },
  async ({ api }) => {
    const c = await create(api, 'createContact', { password: undefined });
    expect(c.hasPassword).toBe(false);
    const res = await update(api, 'updateContact', c.id, { type: c.type, password: 'abcdefgh' });
    expect(res.status).toBe(200);
    expect(res.body?.contact?.hasPassword).toBe(true);
    expect((await get(api, c.id)).hasPassword).toBe(true);
  },
);

const secondHq = (api: Api) => body(api, { type: 'hq', accessRoles: undefined, password: undefined });
requirement(
  {
    id: 'createContact.no-second-hq',
    level: 'MUST',
    source: ['§3', '§8'],
    basis: 'source',
    quote: 'a new hq cannot be created',
    title: 'refuses to create a second hq contact',
  },
  async ({ api }) => {
    expectRefused(await api.call('createContact', { body: secondHq(api) }), 'a second hq contact');
  },
);
naming(
  'createContact.no-second-hq',
  ['§3', 'D-12'],
  'a second hq contact is a 422 error.hq-exists naming contact.type',
  async (api) => {
    expect422(await api.call('createContact', { body: secondHq(api) }), {
      name: 'contact.type',
      ref: 'error.hq-exists',
    });
  },
);

requirement(
  {
    id: 'createContact.read-only',
    level: 'MUST',
    source: ['§2.2', 'D-09', 'D-28'],
    basis: 'decision',
    title: `accepts and ignores the read-only fields ${readOnly.join(', ')}`,
  },
  async ({ api }) => {
    // The document's answer example holds a value of each; the contact gets its own (no password: hasPassword false).
    const sent = Object.fromEntries(readOnly.map((f) => [f, answerExample[f]]));
    const res = await api.call('createContact', { body: body(api, { ...sent, password: undefined }) });
    expectWritten(res, 'add');
    const made = createdIn(res, 'contact', 'the add of a contact');
    for (const f of readOnly) expect(made[f], f).not.toEqual(sent[f]);
    expect(await get(api, made.id)).toEqual(made);
  },
);

// The source's part of read-only: §2.2 says id, hasPassword and created are "Read only", so what a write sends for
// them never sets them, whether the write is refused or accepted (accepting and ignoring them is D-09's).
requirement(
  {
    id: 'createContact.read-only.never-set',
    level: 'MUST',
    source: ['§2.2'],
    basis: 'source',
    quote: 'Read only',
    title: 'the read-only id, hasPassword and created sent with an add or an update never set them',
  },
  async ({ api }) => {
    const forged = { id: answerExample.id, hasPassword: true, created: '2001-01-01T00:00:00+00:00' };
    const added = await api.call('createContact', { body: body(api, { ...forged, password: undefined }) });
    if (added.status >= 300) expectRefused(added, 'an add with read-only fields');
    else {
      const got = await get(api, contactIn(added, 'the add with read-only fields').id);
      expect(got.id, 'id').not.toBe(forged.id);
      expect(Date.parse(got.created), 'created').not.toBe(Date.parse(forged.created));
      expect(got.hasPassword, 'hasPassword of a contact that set no password').toBe(false);
    }
    const before = await get(api, (await create(api, 'createContact', { password: undefined })).id);
    const res = await update(
      api,
      'updateContact',
      before.id,
      api.ours('updateContact', { type: before.type, ...forged, id: before.id + 1 }),
    );
    if (res.status >= 300) expectRefused(res, 'an update with read-only fields');
    const after = await get(api, before.id);
    expect({ id: after.id, created: after.created, hasPassword: after.hasPassword }).toEqual({
      id: before.id,
      created: before.created,
      hasPassword: false,
    });
  },
);

/** A minimal contact (type and email, §2.2's required fields for a type that needs no names), read back. */
const minimal = async (api: Api): Promise<Json> => {
  const type = types.find((t) => t !== 'hq' && !namedTypes.includes(t))!;
  const res = await api.call('createContact', { body: { contact: { type, email: `${uid('bare')}@example.com` } } });
  expectAccepted(res, 'a contact of type and email only');
  return get(api, contactIn(res, 'the add of a contact of type and email only').id);
};
const always = new Set([...alwaysRequired, ...readOnly.filter((f) => !(f in unsetValues))]);
const optional = Object.entries(output.properties as Record<string, Json>).filter(([field]) => !always.has(field));
requirement(
  {
    id: 'createContact.unset-null',
    level: 'MUST',
    source: ['§2.1', '§2.2'],
    basis: 'source',
    quote: 'Unset optional values are returned as `null`',
    title: 'every optional field of a minimal add (type and email) reads back as null',
  },
  async ({ api }) => {
    const got = await minimal(api);
    for (const [field, s] of optional) {
      // A field "Currently not implemented" (§2.2) need not be returned at all: D-27 returns it (`.defaults`).
      if (!isNullable(s) || notImplemented.has(field)) continue;
      expect(field in got, `${field} is present`).toBe(true);
      expect(got[field], `${field}: unset is null (§2.1), not missing or ""`).toBeNull();
    }
  },
);
requirement(
  {
    id: 'createContact.unset-null.defaults',
    level: 'MUST',
    source: ['§2.2', 'D-25', 'D-26', 'D-27', 'D-28'],
    basis: 'decision',
    title:
      'the optional fields that are not nullable read back unset as hasPassword false, accessRoles [] and tags {contact: []}; username, which D-27 returns, as null',
  },
  async ({ api }) => {
    const got = await minimal(api);
    for (const field of notImplemented) {
      expect(field in got, `${field} is present`).toBe(true);
      expect(got[field], `${field}: unset is null`).toBeNull();
    }
    for (const [field, s] of optional) {
      if (isNullable(s)) continue;
      expect(field in got, `${field} is present`).toBe(true);
      expect(field in unsetValues, `${field} is neither nullable nor has a documented unset value`).toBe(true);
      expect(got[field], field).toEqual(unsetValues[field]);
    }
  },
);

const badTypes = ['customer', types.find((t) => t !== 'hq')!.toUpperCase(), ''];
requirement(
  {
    id: 'createContact.type-enum',
    level: 'MUST',
    source: ['§2.2', '§3'],
    basis: 'source',
    quote: 'One of `branch`, `guest`, `hq`, `recipient`, `user`',
    title: `refuses a type outside ${types.join(', ')}, on add and on update`,
  },
  async ({ api }) => {
    for (const type of badTypes)
      expectRefused(await api.call('createContact', { body: body(api, { type }) }), `type ${JSON.stringify(type)}`);
    const c = await get(api, (await create(api, 'createContact')).id); // as stored (an add's answer is D-11's)
    expectRefused(await update(api, 'updateContact', c.id, { type: 'customer' }), 'an update to type customer');
    expect((await get(api, c.id)).type).toBe(c.type);
  },
);
naming(
  'createContact.type-enum',
  ['§2.2'],
  `a type outside ${types.join(', ')} is a 422 error.enum naming contact.type, on add and on update`,
  async (api) => {
    for (const type of badTypes)
      expect422(await api.call('createContact', { body: body(api, { type }) }), {
        name: 'contact.type',
        ref: 'error.enum',
      });
    const c = await create(api, 'createContact');
    expect422(await update(api, 'updateContact', c.id, { type: 'customer' }), {
      name: 'contact.type',
      ref: 'error.enum',
    });
  },
);

requirement(
  {
    id: 'createContact.website-relative',
    level: 'MUST',
    source: ['§2.2'],
    basis: 'source',
    quote: "Optional absolute or relative path to the Contact's page",
    title: 'website takes an absolute path or a relative path such as team/jane, read back as sent',
  },
  async ({ api }) => {
    for (const website of [`team/${uid('jane')}`, `/team/${uid('jane')}`]) {
      const res = await api.call('createContact', { body: body(api, { website }) });
      expectAccepted(res, `website ${website}`);
      expect((await get(api, contactIn(res, `the add of website ${website}`).id)).website).toBe(website);
    }
  },
);
// §2.2 says "path"; that an absolute http(s) URL is a website too is D-27's.
requirement(
  {
    id: 'createContact.website-relative.url',
    level: 'MUST',
    source: ['§2.2', 'D-27'],
    basis: 'decision',
    title: 'website takes an absolute https URL, read back as sent',
  },
  async ({ api }) => {
    const website = `https://example.com/team/${uid('jane')}`;
    const res = await api.call('createContact', { body: body(api, { website }) });
    expectAccepted(res, `website ${website}`);
    expect((await get(api, contactIn(res, `the add of website ${website}`).id)).website).toBe(website);
  },
);

requirement(
  {
    id: 'createContact.role-string-default-rule',
    level: 'MUST',
    source: ['§2.2', '§3', 'D-25'],
    basis: 'decision',
    title:
      "a role given as a string follows the role's default rule (pending when it requires verification or approval)",
  },
  async ({ api }) => {
    const builtIn = (await roles(api)).filter((r) => r.isBuiltIn);
    expect(builtIn.length).toBeGreaterThan(0);
    const c = await create(api, 'createContact', { accessRoles: builtIn.map((r) => r.reference) });
    const got = await get(api, c.id);
    expect(Object.fromEntries(got.accessRoles.map((g: Json) => [g.reference, g.status]))).toEqual(
      Object.fromEntries(builtIn.map((r) => [r.reference, ruleOf(r)])),
    );
  },
);
requirement(
  {
    id: 'createContact.role-object',
    level: 'MUST',
    source: ['§2.2', '§3', 'D-25'],
    basis: 'decision',
    title:
      'a role object with status active is active at once and keeps its expiry; without status it follows the rule',
  },
  async ({ api }) => {
    const ref = await ruledRole(api);
    const expires = '2031-06-30T12:00:00+00:00';
    const active = await create(api, 'createContact', {
      accessRoles: [{ reference: ref, expires, status: 'active' }],
    });
    expect(active.accessRoles).toEqual([{ reference: ref, expires, status: 'active' }]);
    const plain = await create(api, 'createContact', { accessRoles: [{ reference: ref }] });
    expect(plain.accessRoles).toEqual([{ reference: ref, expires: null, status: 'pending' }]);
  },
);
requirement(
  {
    id: 'createContact.role-unknown',
    level: 'MUST',
    source: ['§2.2'],
    basis: 'source',
    quote: 'New access roles cannot be created through a Contact',
    title: 'an unknown role reference is refused (roles cannot be created through a contact)',
  },
  async ({ api }) => {
    const missing = uid('no-such-role');
    expectRefused(
      await api.call('createContact', { body: body(api, { accessRoles: [missing] }) }),
      'an unknown role as a string',
    );
    expectRefused(
      await api.call('createContact', { body: body(api, { accessRoles: [{ reference: missing, status: 'active' }] }) }),
      'an unknown role as an object',
    );
    expect((await roles(api)).map((r) => r.reference)).not.toContain(missing);
  },
);
naming(
  'createContact.role-unknown',
  ['§2.2', 'D-25'],
  'an unknown role reference is a 422 error.reference-not-found naming contact.accessRoles',
  async (api) => {
    const missing = uid('no-such-role');
    expect422(await api.call('createContact', { body: body(api, { accessRoles: [missing] }) }), {
      name: 'contact.accessRoles',
      ref: 'error.reference-not-found',
      prefix: true,
    });
    expect422(
      await api.call('createContact', { body: body(api, { accessRoles: [{ reference: missing, status: 'active' }] }) }),
      { name: 'contact.accessRoles', ref: 'error.reference-not-found', prefix: true },
    );
  },
);

requirement(
  {
    id: 'createContact.address-inherits',
    level: 'MUST',
    source: ['§2.2', 'D-15'],
    basis: 'source',
    quote: 'The address inherits firstname, lastname and company from the Contact when they are not supplied',
    title: 'the address inherits firstname, lastname and company from the contact',
  },
  async ({ api }) => {
    const names = { firstname: `F${digits(5)}`, lastname: `L${digits(5)}`, company: `C${digits(5)}` };
    const c = await create(api, 'createContact', {
      ...names,
      address: { line1: '1 High Street', city: 'York', countryCode: 'GB', zip: 'YO1 7HH' },
    });
    expect((await get(api, c.id)).address).toMatchObject({
      ...names,
      line1: '1 High Street',
      city: 'York',
      countryCode: 'GB',
      zip: 'YO1 7HH',
    });
    const own = await create(api, 'createContact', {
      ...names,
      address: { firstname: 'Other', line1: '2 High Street' },
    });
    expect((await get(api, own.id)).address).toMatchObject({
      firstname: 'Other',
      lastname: names.lastname,
      company: names.company,
    });
  },
);
requirement(
  {
    id: 'createContact.address-id-ignored',
    level: 'MUST',
    source: ['§4.2', 'D-15'],
    basis: 'source',
    quote: 'An address object that carries an `id` on a new Contact yields a new address object.',
    title: 'an address id sent with a new contact yields a new address, leaving the other untouched',
  },
  async ({ api }) => {
    // Read back with gets (§4.2): what an add answers is D-11's.
    const a = await get(
      api,
      (await create(api, 'createContact', { address: { line1: '1 First Road', city: 'Bath' } })).id,
    );
    expect(a.address, 'the address read back, with its id').toEqual(expect.objectContaining({ id: expect.anything() }));
    const b = await get(
      api,
      (await create(api, 'createContact', { address: { id: a.address.id, line1: '2 Second Road', city: 'Hull' } })).id,
    );
    expect(b.address, 'the new address').toEqual(expect.objectContaining({ line1: '2 Second Road', city: 'Hull' }));
    expect(b.address.id).not.toBe(a.address.id);
    expect((await get(api, a.id)).address).toMatchObject({ id: a.address.id, line1: '1 First Road', city: 'Bath' });
  },
);

requirement(
  {
    id: 'createContact.tags',
    level: 'MUST',
    source: ['§2.2', '§4.2'],
    basis: 'source',
    quote: 'Only the built-in tag type `contact` is accepted',
    title:
      'tags read back as {contact: [...]}; a tag type other than contact, or tags that are not an object, are refused',
  },
  async ({ api }) => {
    const tags = [uid('tag'), uid('tag')];
    const c = await create(api, 'createContact', { tags: { contact: tags } });
    // §2.2 gives the form (tag type → array of tags), not an order.
    const got = (await get(api, c.id)).tags;
    expect(got, 'tags read back').toEqual({ contact: expect.any(Array) });
    expect([...got.contact].sort()).toEqual([...tags].sort());
    expectRefused(
      await api.call('createContact', { body: body(api, { tags: { contact: ['a'], product: ['b'] } }) }),
      'a tag type other than contact',
    );
    expectRefused(await api.call('createContact', { body: body(api, { tags: ['a'] }) }), 'tags as an array');
  },
);
naming(
  'createContact.tags',
  ['§2.2', 'D-26'],
  'a tag type other than contact is a 422 error.unknown-field, tags as an array a 422, each naming contact.tags',
  async (api) => {
    expect422(await api.call('createContact', { body: body(api, { tags: { contact: ['a'], product: ['b'] } }) }), {
      name: 'contact.tags',
      ref: 'error.unknown-field',
      prefix: true,
    });
    expect422(await api.call('createContact', { body: body(api, { tags: ['a'] }) }), {
      name: 'contact.tags',
      prefix: true,
    });
  },
);

for (const field of keypadFields) {
  // §2.2 says letters are "converted to digits"; which digits (the keypad), either case and spaces are D-14's.
  requirement(
    {
      id: `createContact.keypad.${field}`,
      level: 'MUST',
      source: ['§2.2', 'D-14'],
      basis: 'decision',
      title: `converts letters in ${field} to keypad digits`,
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { [field]: '0800FLOWERS' });
      expect(c[field]).toBe('08003569377');
      const lower = await create(api, 'createContact', { [field]: '+44 (800) flowers' });
      expect((await get(api, lower.id))[field]).toBe('+44 (800) 3569377');
    },
  );
}

for (const field of keypadFields) {
  // The source's part of keypad: letters are taken and returned as digits (which digits is D-14's).
  requirement(
    {
      id: `createContact.letters-to-digits.${field}`,
      level: 'MUST',
      source: ['§2.2'],
      basis: 'source',
      quote: phoneRule,
      title: `a ${field} with letters A-Z is accepted and read back with digits in their place`,
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { [field]: '0800FLOWERS' });
      const got = (await get(api, c.id))[field];
      expect(got, `${field} 0800FLOWERS read back`).toEqual(expect.stringMatching(/^0800\d+$/));
    },
  );
}

for (const field of dateFields) {
  const id = `createContact.date.${field}`;
  const badDates = ['17/05/1990', '1990-5-17', '1990-13-01'];
  requirement(
    {
      id,
      level: 'MUST',
      source: ['§2.1', '§2.2'],
      basis: 'source',
      quote: 'Date-only fields use `yyyy-mm-dd`',
      title: `${field} is a yyyy-mm-dd date: read back as sent, another format is refused`,
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { [field]: '1990-05-17' });
      expect((await get(api, c.id))[field]).toBe('1990-05-17');
      for (const bad of badDates)
        expectRefused(await api.call('createContact', { body: body(api, { [field]: bad }) }), `${field} ${bad}`);
    },
  );
  naming(id, ['§2.1'], `a ${field} that is not a yyyy-mm-dd date is a 422 naming contact.${field}`, async (api) => {
    for (const bad of badDates)
      expect422(await api.call('createContact', { body: body(api, { [field]: bad }) }), { name: `contact.${field}` });
  });
}

// ATOM is RFC 3339's date-time: `Z` or a numeric offset (RFC 3339 §5.6); D-10 writes the offset (`+00:00`).
requirement(
  {
    id: 'createContact.created-atom',
    level: 'MUST',
    source: ['§2.1', '§2.2'],
    basis: 'source',
    quote: 'Date-time fields on Contacts are received and supplied in ATOM format',
    title: 'created is an ATOM date-time of the creation that an update leaves unchanged',
  },
  async ({ api }) => {
    const before = Date.now();
    const c = await create(api, 'createContact');
    // As a get supplies it (§4.2): what an add answers is D-11's.
    const { created } = await get(api, c.id);
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(Math.abs(Date.parse(created) - before)).toBeLessThan(24 * 3600 * 1000);
    const later = await update(api, 'updateContact', c.id, { type: c.type, position: 'Moved' });
    expectAccepted(later, 'an update of position');
    expect((await get(api, c.id)).created).toBe(created);
  },
);
requirement(
  {
    id: 'createContact.created-atom.offset',
    level: 'MUST',
    source: ['§2.1', 'D-10'],
    basis: 'decision',
    title:
      "created is written with a numeric offset and no fraction (YYYY-MM-DDTHH:MM:SS+00:00), on add and in the update's answer",
  },
  async ({ api }) => {
    const c = await create(api, 'createContact');
    expect(c.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const later = await update(api, 'updateContact', c.id, { type: c.type, position: 'Moved' });
    expect(later.body?.contact?.created).toBe(c.created);
  },
);

requirement(
  {
    id: 'createContact.ids',
    level: 'MUST',
    source: ['§2.1', '§2.2', 'D-27'],
    basis: 'source',
    quote: 'numeric, non-sequential system ID',
    title: 'ids are numeric and non-sequential',
  },
  async ({ api }) => {
    const ids = [
      (await create(api, 'createContact')).id,
      (await create(api, 'createContact')).id,
      (await create(api, 'createContact')).id,
    ];
    for (const id of ids) expect(Number.isInteger(id)).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(ids[1] - ids[0] === 1 && ids[2] - ids[1] === 1).toBe(false);
  },
);

requirement(
  {
    id: 'createContact.unicode-lastname',
    level: 'MUST',
    source: ['§2.2'],
    basis: 'source',
    quote: 'any unicode letter allowed',
    title: 'a lastname may hold any unicode letter',
  },
  async ({ api }) => {
    const lastname = `Łódź-Ünïcødé-Ωμέγα-李${digits(3)}`;
    expect((await get(api, (await create(api, 'createContact', { lastname })).id)).lastname).toBe(lastname);
  },
);

for (const [form, value] of [
  ['data-uri', `data:image/png;base64,${PNG}`],
  ['base64', PNG],
] as const) {
  requirement(
    {
      id: `createContact.thumbnail.${form}`,
      level: 'MUST',
      source: ['§2.2'],
      basis: 'source',
      quote: 'a data URI or base64 string of the image',
      title: `a thumbnail sent as ${form === 'data-uri' ? 'a data URI' : 'bare base64'} is served at an absolute URL, as an image`,
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { thumbnail: value });
      await fetchImage(api, (await get(api, c.id)).thumbnail, `a thumbnail sent as ${form}`);
    },
  );
  // That the image served is the one sent, byte for byte (not re-encoded, resized or converted), is D-24's.
  requirement(
    {
      id: `createContact.thumbnail.${form}.stored`,
      level: 'MUST',
      source: ['§2.2', 'D-24'],
      basis: 'decision',
      title: `a thumbnail sent as ${form === 'data-uri' ? 'a data URI' : 'bare base64'} is served as the very image sent`,
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { thumbnail: value });
      const img = await fetchImage(api, (await get(api, c.id)).thumbnail, `a thumbnail sent as ${form}`);
      expect(Buffer.compare(img, Buffer.from(PNG, 'base64')), 'the bytes served are those sent').toBe(0);
    },
  );
}
requirement(
  {
    id: 'createContact.thumbnail.content-uri',
    level: 'MUST',
    source: ['§2.2'],
    basis: 'source',
    quote: 'On GET it is an absolute CDN URL',
    title: 'a thumbnail sent as a ~/content/ URI is accepted and read back as an absolute URL',
  },
  async ({ api }) => {
    const c = await create(api, 'createContact', { thumbnail: `~/content/${uid('avatars')}/jane.png` });
    expect((await get(api, c.id)).thumbnail as string).toMatch(/^https?:\/\/[^/]/);
  },
);
requirement(
  {
    id: 'createContact.thumbnail.content-uri.path',
    level: 'MUST',
    source: ['§2.2', 'D-24'],
    basis: 'decision',
    title: 'a thumbnail sent as a ~/content/ URI is kept: read back as {base_url}/content/ and the rest of the URI',
  },
  async ({ api }) => {
    const rest = `${uid('avatars')}/jane.png`;
    const c = await create(api, 'createContact', { thumbnail: `~/content/${rest}` });
    const url = (await get(api, c.id)).thumbnail as string;
    expect(url).toMatch(/^https?:\/\/[^/]/);
    expect(url.endsWith(`/content/${rest}`), url).toBe(true);
  },
);
requirement(
  {
    id: 'createContact.thumbnail.download',
    level: 'MUST',
    source: ['§2.2', 'D-24'],
    basis: 'source',
    quote: 'the service downloads the image and renames it into a content URI',
    title:
      'a thumbnail sent as an external URL is downloaded and read back as a URL the service serves, not the external one',
  },
  async ({ api }) => {
    const key = uid('thumb');
    const external = receiverImage(key);
    const c = await createWithReceiverImage(api, external);
    expect(
      (await inbox(key)).filter((r) => r.kind === 'image').length,
      'the service fetched the external image',
    ).toBeGreaterThan(0);
    const url = (await get(api, c.id)).thumbnail as string;
    expect(url).toMatch(/^https?:\/\/[^/]/);
    expect(url).not.toBe(external);
    expect(
      url.startsWith(external.slice(0, external.length - key.length - '/image'.length)),
      `${url} is served by the receiver, not the service`,
    ).toBe(false);
    await fetchImage(api, url, 'a thumbnail sent as an external URL');
  },
);
requirement(
  {
    id: 'createContact.thumbnail.download.stored',
    level: 'MUST',
    source: ['§2.2', 'D-24'],
    basis: 'decision',
    title: 'a thumbnail sent as an external URL is served as the very image downloaded',
  },
  async ({ api }) => {
    const c = await createWithReceiverImage(api, receiverImage(uid('thumb')));
    const img = await fetchImage(api, (await get(api, c.id)).thumbnail, 'a thumbnail sent as an external URL');
    expect(Buffer.compare(img, Buffer.from(RECEIVER_PNG, 'base64')), 'the bytes served are those downloaded').toBe(0);
  },
);
requirement(
  {
    id: 'createContact.thumbnail-invalid',
    level: 'MUST',
    source: ['D-24'],
    basis: 'decision',
    title: 'a thumbnail that is not an image is a 422',
  },
  async ({ api }) => {
    expect422(
      await api.call('createContact', { body: body(api, { thumbnail: 'data:text/plain;base64,aGVsbG8gd29ybGQ=' }) }),
      { name: 'contact.thumbnail', ref: 'error.thumbnail-invalid' },
    );
  },
);

requirement(
  {
    id: 'createContact.reference-unique',
    level: 'MUST',
    source: ['§2.2'],
    basis: 'source',
    quote: 'Optional unique reference',
    title: 'a reference already in use is refused, on create and on update',
  },
  async ({ api }) => {
    const a = await get(api, (await create(api, 'createContact', { reference: uid('ref') })).id); // as stored (an add's answer is D-11's)
    expectRefused(
      await api.call('createContact', { body: body(api, { reference: a.reference }) }),
      'a second contact with the same reference',
    );
    const b = await get(api, (await create(api, 'createContact', { reference: uid('ref') })).id); // as stored (an add's answer is D-11's)
    expectRefused(
      await update(api, 'updateContact', b.id, { type: b.type, reference: a.reference }),
      'an update to a reference in use',
    );
    expect((await get(api, b.id)).reference).toBe(b.reference);
  },
);
naming(
  'createContact.reference-unique',
  ['§2.2', 'D-27'],
  'a reference already in use is a 422 error.unique naming contact.reference, on create and on update',
  async (api) => {
    const a = await create(api, 'createContact', { reference: uid('ref') });
    expect422(await api.call('createContact', { body: body(api, { reference: a.reference }) }), {
      name: 'contact.reference',
      ref: 'error.unique',
    });
    const b = await create(api, 'createContact', { reference: uid('ref') });
    expect422(await update(api, 'updateContact', b.id, { type: b.type, reference: a.reference }), {
      name: 'contact.reference',
      ref: 'error.unique',
    });
  },
);

for (const operationId of updates) {
  requirement(
    {
      id: `${operationId}.partial`,
      level: 'MUST',
      source: ['§4.2', 'D-11', 'D-51', 'D-55'],
      basis: 'decision',
      title: "applies the document's update example: given fields change, absent fields keep their value",
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { tags: { contact: ['old-tag'] } });
      const example = exampleOf(operationId).contact;
      const res = await api.call(operationId, { params: { id: c.id }, body: { contact: example } });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      const got = await get(api, c.id);
      expect(got).toEqual(res.body?.contact);
      for (const [k, v] of Object.entries(example)) {
        if (k === 'address') expect(got.address).toMatchObject(v as Json);
        else if (k === 'accessRoles')
          expect(got.accessRoles.map((g: Json) => g.reference).sort()).toEqual(
            (v as Json[]).map((r) => (typeof r === 'string' ? r : r.reference)).sort(),
          );
        else expect(got[k]).toEqual(v);
      }
      for (const k of ['email', 'firstname', 'lastname', 'company', 'reference', 'phone', 'created', 'id'])
        if (!(k in example)) expect(got[k]).toEqual(c[k]);
    },
  );
  requirement(
    {
      id: `${operationId}.type-required`,
      level: 'MUST',
      source: ['§2.2', '§3'],
      basis: 'source',
      quote: 'Required on every request',
      title: 'refuses an update without type',
    },
    async ({ api }) => {
      const c = await get(api, (await create(api, 'createContact')).id); // as stored (an add's answer is D-11's)
      expectRefused(await update(api, operationId, c.id, { position: 'No type' }), 'an update without type');
      expect((await get(api, c.id)).position).toBe(c.position);
    },
  );
  naming(
    `${operationId}.type-required`,
    ['§2.2', 'D-29'],
    'an update without type is a 422 error.required naming contact.type',
    async (api) => {
      const c = await create(api, 'createContact');
      expect422(await update(api, operationId, c.id, { position: 'No type' }), {
        name: 'contact.type',
        ref: 'error.required',
      });
    },
  );
  // §4.2 rule 1, for the basic information and a primary address the contact has (adding one is address-added,
  // the roles roles-replace). Only what was sent is looked at: a partial update (D-51) or a replacing one both do.
  requirement(
    {
      id: `${operationId}.modifies`,
      level: 'MUST',
      source: ['§4.2'],
      basis: 'source',
      quote: 'Basic information, the primary address and access roles can be modified.',
      title: 'an update changes the basic information and the primary address it sends',
    },
    async ({ api }) => {
      const c = await get(api, (await create(api, 'createContact')).id);
      expect(c.address, 'the address of the contact made').toEqual(expect.any(Object));
      const basic = {
        firstname: `F${digits(5)}`,
        lastname: `L${digits(5)}`,
        company: `C${digits(5)}`,
        department: `D${digits(5)}`,
        position: `P${digits(5)}`,
        dateOfBirth: '1985-04-12',
      };
      const address = { line1: `${digits(2)} Changed Road`, city: 'Leeds', countryCode: 'GB', zip: 'LS1 1AA' };
      expectAccepted(await update(api, operationId, c.id, { type: c.type, ...basic, address }), 'the update');
      const got = await get(api, c.id);
      expect(got).toMatchObject(basic);
      expect(got.address).toMatchObject(address);
    },
  );
  // §2.2: a guest or user has a firstname and a lastname: an update never takes them away, refused or not.
  requirement(
    {
      id: `${operationId}.names-required`,
      level: 'MUST',
      source: ['§2.2'],
      basis: 'source',
      quote: 'Required when type is `guest` or `user`',
      title: `an update sending ${namedRequired.join(' or ')} null leaves a ${namedTypes.join(' or ')} with its names`,
    },
    async ({ api }) => {
      const c = await get(api, (await create(api, 'createContact', { type: namedTypes[0] })).id);
      for (const f of namedRequired) {
        const res = await update(api, operationId, c.id, { type: c.type, [f]: null });
        if (res.status >= 300) expectRefused(res, `an update clearing ${f}`);
        expect((await get(api, c.id))[f], `${f} after an update sending it null`).toBe(c[f]);
      }
    },
  );
  requirement(
    {
      id: `${operationId}.names-after-merge`,
      level: 'MUST',
      source: ['§2.2', 'D-29', 'D-55'],
      basis: 'decision',
      title: 'a user whose update clears a required name is a 422',
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { type: namedTypes[0] });
      for (const f of namedRequired)
        expect422(await update(api, operationId, c.id, { type: c.type, [f]: null }), { name: `contact.${f}` });
      const other = types.find((t) => t !== 'hq' && !namedTypes.includes(t))!;
      const res = await update(api, operationId, c.id, { type: other, [namedRequired[0]!]: null });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.body?.contact?.[namedRequired[0]!]).toBeNull();
    },
  );
  requirement(
    {
      id: `${operationId}.roles-replace`,
      level: 'MUST',
      source: ['§4.2'],
      basis: 'source',
      quote: 'existing grants absent from the list are dropped',
      title: 'accessRoles on update replaces the whole list; an update without accessRoles keeps them',
    },
    async ({ api }) => {
      // Two roles made for the test (custom roles can be managed, §2.12), so no built-in role need be listed.
      const [keep, drop] = [
        (await create(api, 'createAccessRole')).reference,
        (await create(api, 'createAccessRole')).reference,
      ];
      const c = await create(api, 'createContact', { accessRoles: [drop, keep] });
      expect(refsOf((await get(api, c.id)).accessRoles)).toEqual([drop, keep].sort());
      const res = await update(api, operationId, c.id, { type: c.type, accessRoles: [keep] });
      expectAccepted(res, 'an update listing one of the two roles');
      expect(refsOf((await get(api, c.id)).accessRoles)).toEqual([keep]);
      const untouched = await update(api, operationId, c.id, { type: c.type, position: 'Same roles' });
      expectAccepted(untouched, 'an update without accessRoles');
      expect(refsOf((await get(api, c.id)).accessRoles)).toEqual([keep]);
    },
  );
  requirement(
    {
      id: `${operationId}.address-added`,
      level: 'MUST',
      source: ['§4.2', '§2.2'],
      basis: 'source',
      quote: 'If the Contact has no primary address, an included address is added.',
      title: 'adds an address to a contact that has none, inheriting its names',
    },
    async ({ api }) => {
      const c = await get(
        api,
        (await create(api, 'createContact', { address: undefined, company: `Co ${digits(4)}` })).id,
      );
      expect(c.address).toBeNull();
      const res = await update(api, operationId, c.id, {
        type: c.type,
        address: { line1: '5 New Road', city: 'Leeds', countryCode: 'GB', zip: 'LS1 1AA' },
      });
      expectAccepted(res, 'an update adding an address');
      expect((await get(api, c.id)).address).toMatchObject({
        firstname: c.firstname,
        lastname: c.lastname,
        company: c.company,
        line1: '5 New Road',
        city: 'Leeds',
        countryCode: 'GB',
        zip: 'LS1 1AA',
      });
    },
  );
  requirement(
    {
      id: `${operationId}.address-added.merge`,
      level: 'MUST',
      source: ['§4.2', 'D-15'],
      basis: 'decision',
      title: 'an address sent for a contact that has one is merged into it, keeping its id and the fields not sent',
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { address: undefined, company: `Co ${digits(4)}` });
      const res = await update(api, operationId, c.id, {
        type: c.type,
        address: { line1: '5 New Road', city: 'Leeds', countryCode: 'GB', zip: 'LS1 1AA' },
      });
      expect(res.status).toBe(200);
      const merged = await update(api, operationId, c.id, { type: c.type, address: { city: 'Wakefield' } });
      expect(merged.body?.contact?.address).toMatchObject({
        id: res.body?.contact?.address?.id,
        line1: '5 New Road',
        city: 'Wakefield',
        zip: 'LS1 1AA',
      });
    },
  );
  requirement(
    {
      id: `${operationId}.no-hq`,
      level: 'MUST',
      source: ['§3'],
      basis: 'source',
      quote: 'Exactly one exists',
      title: "refuses to change a contact's type to hq",
    },
    async ({ api }) => {
      const c = await get(api, (await create(api, 'createContact')).id); // as stored (an add's answer is D-11's)
      expectRefused(await update(api, operationId, c.id, { type: 'hq' }), 'an update to type hq');
      expect((await get(api, c.id)).type).toBe(c.type);
    },
  );
  naming(
    `${operationId}.no-hq`,
    ['§3', 'D-12'],
    'an update to type hq is a 422 error.hq-exists naming contact.type',
    async (api) => {
      const c = await create(api, 'createContact');
      expect422(await update(api, operationId, c.id, { type: 'hq' }), {
        name: 'contact.type',
        ref: 'error.hq-exists',
      });
    },
  );
  requirement(
    {
      id: `${operationId}.tags-replace`,
      level: 'MUST',
      source: ['§4.2', 'D-26', 'D-55'],
      basis: 'decision',
      title: "tags on update replace the contact's tags; another tag type is a 422",
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { tags: { contact: ['one', 'two'] } });
      expect(
        (await update(api, operationId, c.id, { type: c.type, tags: { contact: ['three'] } })).body?.contact?.tags,
      ).toEqual({ contact: ['three'] });
      expect422(await update(api, operationId, c.id, { type: c.type, tags: { other: ['x'] } }), {
        name: 'contact.tags',
        ref: ['error.unknown-field', 'error.required'],
        prefix: true,
      });
    },
  );
  requirement(
    {
      id: `${operationId}.round-trip`,
      level: 'MUST',
      source: ['§2.2', '§4.2', 'D-09', 'D-15', 'D-24', 'D-25', 'D-55'],
      basis: 'decision',
      title: 'what get returns, sent back unchanged as {contact: …}, is accepted and changes nothing',
    },
    async ({ api }) => {
      for (const before of await richContacts(api)) {
        const res = await update(api, operationId, before.id, before);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        expect(res.body?.contact).toEqual(before);
        expect(await get(api, before.id)).toEqual(before);
      }
    },
  );
  requirement(
    {
      id: `${operationId}.round-trip-change`,
      level: 'MUST',
      source: ['§2.2', '§4.2', 'D-09'],
      basis: 'decision',
      title:
        'what get returns, sent back with one field changed, changes only that field; an unknown field in it is still a 422',
    },
    async ({ api }) => {
      for (const before of await richContacts(api)) {
        const position = `Moved ${digits(4)}`;
        const res = await update(api, operationId, before.id, { ...before, position });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        expect(await get(api, before.id)).toEqual({ ...before, position });
        const typo = await update(api, operationId, before.id, { ...before, fristname: 'Typo' });
        expect422(typo, { name: 'contact.fristname', ref: 'error.unknown-field' });
        expect(await get(api, before.id)).toEqual({ ...before, position });
      }
    },
  );
  requirement(
    {
      id: `${operationId}.address-null`,
      level: 'MUST',
      source: ['§2.2', '§4.2', 'D-15', 'D-55'],
      basis: 'decision',
      title: 'address null removes the primary address, and changes nothing on a contact without one',
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { address: { line1: '3 Null Street', city: 'Ely' } });
      expect(c.address).not.toBeNull();
      const cleared = await update(api, operationId, c.id, { type: c.type, address: null });
      expect(cleared.status, cleared.text.slice(0, 300)).toBe(200);
      expect((await get(api, c.id)).address).toBeNull();
      const again = await update(api, operationId, c.id, { type: c.type, address: null });
      expect(again.status, again.text.slice(0, 300)).toBe(200);
      expect(await get(api, c.id)).toEqual({ ...c, address: null });
    },
  );
  requirement(
    {
      id: `${operationId}.tags-empty`,
      level: 'MUST',
      source: ['§4.2'],
      basis: 'source',
      quote: 'whose value is an array of zero or more strings',
      title: 'tags {contact: []} (zero strings) is accepted; tags [] is refused and changes nothing',
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { tags: { contact: ['keep-me'] } });
      expectRefused(await update(api, operationId, c.id, { type: c.type, tags: [] }), 'tags as an empty array');
      expect((await get(api, c.id)).tags).toEqual({ contact: ['keep-me'] });
      expectAccepted(
        await update(api, operationId, c.id, { type: c.type, tags: { contact: [] } }),
        'tags {contact: []}',
      );
    },
  );
  requirement(
    {
      id: `${operationId}.tags-empty.removes`,
      level: 'MUST',
      source: ['§4.2', 'D-26', 'D-55', 'D-02'],
      basis: 'decision',
      title: 'tags {contact: []} removes every tag (a given tags replaces them); tags [] is a 422 naming contact.tags',
    },
    async ({ api }) => {
      const c = await create(api, 'createContact', { tags: { contact: ['keep-me'] } });
      expect422(await update(api, operationId, c.id, { type: c.type, tags: [] }), {
        name: 'contact.tags',
        prefix: true,
      });
      const res = await update(api, operationId, c.id, { type: c.type, tags: { contact: [] } });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect((await get(api, c.id)).tags).toEqual({ contact: [] });
    },
  );
  requirement(
    {
      id: `${operationId}.deleted-not-found`,
      level: 'MUST',
      source: ['§4.2'],
      basis: 'standard',
      standard: 'RFC 9110 §15.5.5, §15.5.11',
      title: 'an update of a deleted contact answers 404 (or 410 Gone)',
    },
    async ({ api }) => {
      const c = await create(api, 'createContact');
      expectAccepted(await api.call('deleteContact', { params: { id: c.id } }), 'the delete');
      expectDeleted(await update(api, operationId, c.id, { type: c.type, position: 'Gone' }), 'the deleted contact');
    },
  );
  requirement(
    {
      id: `${operationId}.deleted-not-found.envelope`,
      level: 'MUST',
      source: ['§7', 'D-04', 'D-02'],
      basis: 'decision',
      title: 'an update of a deleted contact answers 404 in the error envelope with error.not-found',
    },
    async ({ api }) => {
      const c = await create(api, 'createContact');
      expectWritten(await api.call('deleteContact', { params: { id: c.id } }), 'delete');
      expect404(await update(api, operationId, c.id, { type: c.type, position: 'Gone' }));
    },
  );
}

requirement(
  {
    id: 'updateContactPost.same-as-put',
    level: 'MUST',
    source: ['§4.2'],
    basis: 'source',
    quote: 'for the same operation',
    title: 'POST /api/contacts/{id}.json gives the same result as PUT for the same update',
  },
  async ({ api }) => {
    const fields = {
      firstname: 'Same',
      lastname: 'Twin',
      company: `Twins ${digits(4)}`,
      address: undefined,
      accessRoles: undefined,
      password: undefined,
    };
    // Only what §2.2 allows (a phone without spaces: D-14 adds those).
    const change = {
      type: 'user',
      position: 'Analyst',
      phone: '+44(800)FLOWERS',
      dateOfBirth: '1980-01-02',
      address: { line1: '9 Twin Lane', city: 'Derby' },
      tags: { contact: ['twin'] },
    };
    const answers: Json[] = [];
    for (const operationId of updates) {
      const c = await create(api, 'createContact', fields);
      const res = await update(api, operationId, c.id, change);
      expectAccepted(res, `${operationId} of the same change`);
      // The contact as a get reads it after the update (§4.2 gives no answer body of an update).
      const { id: _id, email: _e, reference: _r, created: _c, address, ...rest } = await get(api, c.id);
      expect(address, `the address ${operationId} added`).toEqual(expect.any(Object));
      const { id: _aid, ...addr } = address;
      answers.push({ ...rest, address: addr });
    }
    expect(answers[1]).toEqual(answers[0]);
  },
);

requirement(
  {
    id: 'getContact.reads-back',
    level: 'MUST',
    source: ['§4.2', 'D-11'],
    basis: 'platform',
    title: 'get answers the contact exactly as add answered it',
  },
  async ({ api }) => {
    const c = await create(api, 'createContact');
    expect(await get(api, c.id)).toEqual(c);
  },
);

requirement(
  {
    id: 'deleteContact.gone',
    level: 'MUST',
    source: ['§4.2'],
    basis: 'standard',
    standard: 'RFC 9110 §15.5.5, §15.5.11',
    title: 'delete succeeds, then get and delete answer 404 (or 410 Gone)',
  },
  async ({ api }) => {
    const c = await create(api, 'createContact');
    expectAccepted(await api.call('deleteContact', { params: { id: c.id } }), 'the delete');
    expectDeleted(await api.call('getContact', { params: { id: c.id } }), 'the deleted contact (get)');
    expectDeleted(await api.call('deleteContact', { params: { id: c.id } }), 'the deleted contact (delete again)');
  },
);
requirement(
  {
    id: 'deleteContact.gone.status',
    level: 'MUST',
    source: ['§4.2', 'D-04', 'D-11', 'D-02'],
    basis: 'decision',
    title:
      'delete answers 204 without a body, then get and delete answer 404 in the error envelope and search no longer finds it',
  },
  async ({ api }) => {
    const c = await create(api, 'createContact');
    const del = await api.call('deleteContact', { params: { id: c.id } });
    expectWritten(del, 'delete');
    expect(del.text).toBe('');
    expect404(await api.call('getContact', { params: { id: c.id } }));
    expect404(await api.call('deleteContact', { params: { id: c.id } }));
    expect(contactsIn(await api.call('searchContacts', { query: { reference: c.reference } }))).toEqual([]);
  },
);

requirement(
  {
    id: 'updateContact.hq-stays',
    level: 'MUST',
    source: ['§3'],
    basis: 'source',
    quote: 'Exactly one exists, created with the website',
    title: 'the hq contact exists, cannot change its type away from hq, and cannot be deleted',
  },
  async ({ api }) => {
    const hq = await findHq(api);
    skip(!hq, 'the hq contact is not within the first 200 pages of the unfiltered search');
    expectRefused(
      await update(api, 'updateContact', hq!.id, { type: 'branch' }),
      'an update of the hq contact to type branch',
    );
    expectRefused(await api.call('deleteContact', { params: { id: hq!.id } }), 'a delete of the hq contact');
    expect((await get(api, hq!.id)).type).toBe('hq');
  },
);
naming(
  'updateContact.hq-stays',
  ['§3', 'D-12'],
  "changing the hq contact's type is a 422 error.hq-exists naming contact.type; deleting it a 422 error.hq-required",
  async (api) => {
    const hq = await findHq(api);
    skip(!hq, 'the hq contact is not within the first 200 pages of the unfiltered search');
    expect422(await update(api, 'updateContact', hq!.id, { type: 'branch' }), {
      name: 'contact.type',
      ref: 'error.hq-exists',
    });
    expect422(await api.call('deleteContact', { params: { id: hq!.id } }), { ref: 'error.hq-required' });
  },
);

// Search (D-11): one requirement per filter parameter of the document, plus the free-text q.
const searchOp = op('searchContacts');
const exactFilters = searchOp.parameters.filter((p) => p['x-filter']?.op === 'eq');
/** A fresh value for a contact field that a search can find only on this test's contact. */
const freshValue = (field: string): string =>
  field === 'email'
    ? `${uid('find')}@example.com`
    : dateFields.includes(field)
      ? `2${digits(3).padStart(3, '1')}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`
      : uid(field);

for (const p of exactFilters) {
  const f = p['x-filter']!;
  requirement(
    {
      id: `searchContacts.filter.${p.name}`,
      level: 'MUST',
      source: ['D-11'],
      basis: 'platform',
      title: `${p.name} finds the contacts whose ${f.field} equals it${f.caseInsensitive ? ' (case-insensitively)' : ''}`,
    },
    async ({ api }) => {
      const value = freshValue(f.field);
      const c = await create(api, 'createContact', { [f.field]: value });
      const other = await create(api, 'createContact');
      const res = await api.call('searchContacts', {
        query: { [p.name]: f.caseInsensitive ? value.toUpperCase() : value },
      });
      expect(res.status).toBe(200);
      const found = contactsIn(res);
      const ids = found.map((x: Json) => x?.id);
      expect(ids).toContain(c.id);
      expect(ids).not.toContain(other.id);
      for (const x of found)
        expect(f.caseInsensitive ? String(x?.[f.field]).toLowerCase() : x?.[f.field]).toBe(
          f.caseInsensitive ? value.toLowerCase() : value,
        );
    },
  );
}
requirement(
  {
    id: 'searchContacts.q',
    level: 'MUST',
    source: ['D-11'],
    basis: 'platform',
    title: 'q finds contacts by a case-insensitive substring of firstname, lastname, email or company',
  },
  async ({ api }) => {
    const token = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const byField = await Promise.all(
      ['firstname', 'lastname', 'company'].map((f) => create(api, 'createContact', { [f]: `Pre${token}post` })),
    );
    const byEmail = await create(api, 'createContact', { email: `x.${token}@example.com` });
    const res = await api.call('searchContacts', { query: { q: token.slice(1, 9).toUpperCase() } });
    expect(res.status).toBe(200);
    expect(
      contactsIn(res)
        .map((x: Json) => x?.id)
        .sort(),
    ).toEqual([...byField, byEmail].map((x) => x.id).sort());
  },
);
requirement(
  {
    id: 'searchContacts.empty',
    level: 'MUST',
    source: ['§7', 'D-11'],
    basis: 'platform',
    title: 'a search without matches answers 200 with contacts: []',
  },
  async ({ api }) => {
    const res = await api.call('searchContacts', { query: { q: uid('nothing-matches') } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ contacts: [] });
  },
);
requirement(
  {
    id: 'searchContacts.bad-date',
    level: 'MUST',
    source: ['D-11', 'D-02'],
    basis: 'decision',
    title: 'a leaveDate that is not yyyy-mm-dd is a 422 naming leaveDate',
  },
  async ({ api }) => {
    expect422(await api.call('searchContacts', { query: { leaveDate: '31/12/2026' } }), { name: 'leaveDate' });
  },
);
