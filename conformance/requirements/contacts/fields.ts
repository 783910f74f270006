// A contact's fields on add (§2.1, §2.2, §3, §8; D-09, D-10, D-12..D-14, D-26..D-29, D-55): limits, HTML, patterns and
// formats, required fields by type, password, the one hq contact, read-only and unset fields, the type's values, the
// website, keypad letters, dates, the creation time, ids, unicode names and the unique reference, each read from the
// document's ContactInput and Contact schemas where it can be.
// Basis: a rule the source states is a `source` requirement that says only "refused" or "accepted"
// (lib/expectations.ts); how we refuse it (422, the error envelope, the field's name, the `ref`) is its twin
// `<id>.naming`, basis decision (D-02 and the rule's D-nn).
import { randomUUID } from 'node:crypto';
import { expect, requirement } from '../../lib/requirement.ts';
import { createdIn, expect422, expectAccepted, expectRefused, expectWritten } from '../../lib/expectations.ts';
import { isNullable, type Json } from '../../lib/contract.ts';
import { create, exampleOf, uid } from '../../lib/fixtures.ts';
import { type Api } from '../../lib/api.ts';
import { HTML_KEPT, maxLengthJudge, noHtmlJudge, patternJudge, requiredFieldJudge, typeNamesJudge } from './limits.ts';
import {
  accepts,
  alwaysRequired,
  answerExample,
  body,
  contactIn,
  dateFields,
  digits,
  letters,
  get,
  keypadFields,
  limited,
  namedRequired,
  namedTypes,
  noHtml,
  notImplemented,
  otherPatterns,
  output,
  readOnly,
  types,
  unsetNull,
  unsetValues,
  update,
} from './shared.ts';

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
/** The words of §2.2 that make each always-required field required. */
const requiredQuote: Record<string, string> = {
  type: 'Required on every request',
  email: 'Required. Valid email format',
};

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
  letters,
  digits,
  (n) => `https://example.com/${digits(n - 20)}`,
  (n) => `/${digits(n - 1)}`,
  emailOf,
];
function maker(field: string, max: number): (n: number) => string {
  // Letters first (a name's), but where letters are turned into digits (a phone's keypad, D-14).
  const fits = kinds.slice(keypadFields.includes(field) ? 1 : 0).find((k) => {
    try {
      return accepts(field, k(max));
    } catch {
      return false;
    }
  });
  if (!fits) throw new Error(`no value of ${max} characters for contact.${field}`);
  return fits;
}

for (const { field, max } of limited) {
  const id = `createContact.max-length.${field}`;
  const quote = limitQuote[field];
  const unimplemented = notImplemented.has(field);
  // A limit of the source: at the limit accepted, one over refused (source); how it is refused is the twin (D-02).
  // A limit of the register (D-14, D-28, D-55): one decision requirement says all of it.
  const title = !quote
    ? `accepts a ${field} of ${max} characters and rejects ${max + 1} naming contact.${field}`
    : unimplemented
      ? `does not refuse a ${field} of ${max} characters (§2.2: "Currently not implemented")`
      : `accepts a ${field} of ${max} characters and refuses ${max + 1}`;
  // A field §2.2 says is "Currently not implemented" need not be kept, nor checked: only not refused (source).
  const judge =
    quote && unimplemented
      ? undefined
      : maxLengthJudge(field, max, { named: !quote, atLimit: quote ? 'accepted' : 'written' });
  const maxLength = requirement(id, limitSource(field), { quote, judge }).test(title, async ({ api }) => {
    const make = maker(field, max);
    const at = make(max);
    const ok = await api.call('createContact', { body: body(api, { [field]: at }) });
    if (quote && unimplemented) return expectAccepted(ok, `a ${field} of ${max} characters`);
    // Only the act knows what it sent reads back: memory keeps what a write answered, not what it sent.
    if (ok.status < 300) {
      const stored = await get(api, contactIn(ok, `the add of a ${field} of ${max} characters`).id);
      if (output.properties[field]) expect(stored[field]).toBe(at);
      else expect(stored.hasPassword).toBe(true); // write-only (password)
    }
    await api.call('createContact', { body: body(api, { [field]: make(max + 1) }) });
  });
  if (quote && unimplemented)
    maxLength
      .twin('stored', '§8 §2.2 D-27', { judge: maxLengthJudge(field, max, { named: false, atLimit: 'accepted' }) })
      .test(
        `a ${field} of ${max} characters is stored and read back as sent, and one of ${max + 1} refused (D-27: accepted, validated and returned)`,
        async ({ api }) => {
          const make = maker(field, max);
          const at = make(max);
          const ok = await api.call('createContact', { body: body(api, { [field]: at }) });
          // Only the act knows what it sent reads back: memory keeps what a write answered, not what it sent.
          if (ok.status < 300) expect((await get(api, contactIn(ok, `the add of a ${field}`).id))[field]).toBe(at);
          await api.call('createContact', { body: body(api, { [field]: make(max + 1) }) });
        },
      );
  if (quote)
    maxLength
      .twin('naming', unimplemented ? '§8 D-02 D-27' : '§8 D-02', {
        judge: maxLengthJudge(field, max, { named: true }),
      })
      .test(`a ${field} of ${max + 1} characters is a 422 naming contact.${field}`, async ({ api }) => {
        await api.call('createContact', { body: body(api, { [field]: maker(field, max)(max + 1) }) });
      });
}

for (const field of noHtml) {
  const id = `createContact.no-html.${field}`;
  // "no HTML" is met by refusing a value with HTML, or by keeping none of it: a contact added with HTML in the field
  // reads back with no tag and no character reference (`&lt;b&gt;` is HTML still, escaped). That it is refused, with
  // which error, is D-13's.
  requirement(id, '§2.2', { quote: 'no HTML', judge: noHtmlJudge(field, { named: false }) })
    .test(`keeps no HTML in ${field}: a value with HTML is refused, or stored without it`, async ({ api }) => {
      const res = await api.call('createContact', { body: body(api, { [field]: '<b>x</b>' }) });
      if (res.status >= 300) return;
      // Only the act knows what reads back was sent with HTML: memory keeps what a write answered, not what it sent.
      const stored = (await get(api, contactIn(res, `the add with HTML in ${field}`).id))[field];
      expect(
        typeof stored === 'string' && HTML_KEPT.test(stored),
        `${field} read back as ${JSON.stringify(stored)}: the HTML sent was kept`,
      ).toBe(false);
    })
    .twin('naming', '§2.2 D-13 D-02', { judge: noHtmlJudge(field, { named: true }) })
    .test(`HTML in ${field} is a 422 error.html naming contact.${field}`, async ({ api }) => {
      await api.call('createContact', { body: body(api, { [field]: '<b>x</b>' }) });
    });
}
// §2.2 says "no HTML" of fields, not of tag values: D-26 gives tags the rule.
requirement('createContact.no-html.tags', '§2.2 D-13 D-26', {
  judge: noHtmlJudge('tags', { named: true, prefix: true }),
}).test('rejects HTML in a tag value', async ({ api }) => {
  await api.call('createContact', { body: body(api, { tags: { contact: ['<b>x</b>'] } }) });
});

for (const field of otherPatterns) {
  const bad = 'x y!#';
  if (accepts(field, bad)) continue;
  const id = `createContact.pattern.${field}`;
  const quote = patternQuote[field];
  const send = (api: Api) => api.call('createContact', { body: body(api, { [field]: bad }) });
  if (!quote) {
    requirement(id, patternSource[field] ?? ['§2.2'], { judge: patternJudge(field, true) }).test(
      `rejects a ${field} outside its pattern with 422 naming contact.${field}`,
      async ({ api }) => {
        await send(api);
      },
    );
    continue;
  }
  // A field "Currently not implemented" (§2.2) may be ignored rather than checked: refusing it is D-27's.
  const ignorable = notImplemented.has(field);
  requirement(id, ignorable ? '§2.2 D-27' : '§2.2', {
    quote: ignorable ? undefined : quote,
    judge: patternJudge(field, false),
  })
    .test(`refuses a ${field} with characters §2.2 does not allow`, async ({ api }) => {
      await send(api);
    })
    .twin('naming', [...(patternSource[field] ?? ['§2.2']), 'D-02'], { judge: patternJudge(field, true) })
    .test(`a ${field} outside its pattern is a 422 naming contact.${field}`, async ({ api }) => {
      await send(api);
    });
}

for (const type of types.filter((t) => t !== 'hq')) {
  const needsNames = namedTypes.includes(type);
  const id = `createContact.required.${type}`;
  const bare = Object.fromEntries(
    Object.keys(exampleOf('createContact').contact)
      .filter((k) => !alwaysRequired.includes(k))
      .map((k) => [k, undefined]),
  );
  const named = () => Object.fromEntries(namedRequired.map((f) => [f, `N${letters(6)}`]));
  const required = requirement(id, '§2.2 §2.1', {
    quote: 'Required when type is `guest` or `user`',
    judge: typeNamesJudge(type),
  }).test(
    needsNames ? `a ${type} needs ${namedRequired.join(' and ')}` : `a ${type} needs no ${namedRequired.join(' or ')}`,
    async ({ api }) => {
      // Only the act knows what it sent reads back: memory keeps what a write answered, not what it sent.
      if (needsNames) {
        const names = named();
        for (const f of namedRequired)
          await api.call('createContact', { body: body(api, { ...bare, ...names, [f]: undefined, type }) });
        const ok = await api.call('createContact', { body: body(api, { ...bare, ...names, type }) });
        // Read back with a get (§4.2): what an add answers is D-11's.
        if (ok.status < 300)
          expect(await get(api, contactIn(ok, `the add of a ${type}`).id)).toMatchObject({ type, ...names });
      } else {
        const res = await api.call('createContact', { body: body(api, { ...bare, type }) });
        if (res.status >= 300) return;
        const got = await get(api, contactIn(res, `the add of a ${type}`).id);
        expect(got.type).toBe(type);
        // §2.1: "Unset optional values are returned as `null`".
        for (const f of namedRequired) expect(got[f], f).toBeNull();
      }
    },
  );
  if (needsNames)
    required
      .twin('naming', '§2.2 D-29 D-02', { judge: typeNamesJudge(type, true) })
      .test(`a ${type} without ${namedRequired.join(' or ')} is a 422 error.required naming it`, async ({ api }) => {
        const names = named();
        for (const f of namedRequired)
          await api.call('createContact', { body: body(api, { ...bare, ...names, [f]: undefined, type }) });
      });
}

for (const field of alwaysRequired) {
  const id = `createContact.required-field.${field}`;
  const quote = requiredQuote[field];
  const send = (api: Api) => api.call('createContact', { body: body(api, { [field]: undefined }) });
  const required = requirement(id, '§2.2 D-29', { quote, judge: requiredFieldJudge(field, !quote) }).test(
    quote ? `refuses a contact without ${field}` : `rejects a contact without ${field} naming contact.${field}`,
    async ({ api }) => {
      await send(api);
    },
  );
  if (quote)
    required
      .twin('naming', '§2.2 D-29 D-02', { judge: requiredFieldJudge(field, true) })
      .test(`a contact without ${field} is a 422 error.required naming contact.${field}`, async ({ api }) => {
        await send(api);
      });
}

const badEmails = ['not-an-email', 'a@', '@example.com'];
requirement('createContact.email-format', '§2.2', { quote: 'Valid email format' })
  .test('refuses an email that is not a valid address', async ({ api }) => {
    for (const email of badEmails)
      expectRefused(await api.call('createContact', { body: body(api, { email }) }), `email ${email}`);
  })
  .twin('naming', '§2.2 D-02')
  .test('an email that is not a valid address is a 422 error.format naming contact.email', async ({ api }) => {
    for (const email of badEmails)
      expect422(await api.call('createContact', { body: body(api, { email }) }), {
        name: 'contact.email',
        ref: 'error.format',
      });
  });

/** The JSON pointers of every member named `name` in an answer, at any depth. */
function membersNamed(body: Json, name: string, at = ''): string[] {
  if (Array.isArray(body)) return body.flatMap((v, i) => membersNamed(v, name, `${at}/${i}`));
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([k, v]) => [
    ...(k === name ? [`${at}/${k}`] : []),
    ...membersNamed(v as Json, name, `${at}/${k}`),
  ]);
}
requirement('createContact.password', '§2.2 §8', { quote: 'Write only; never returned. 8 or more characters' })
  .test('refuses a password of 7 characters, accepts 8, and never returns its value', async ({ api }) => {
    expectRefused(
      await api.call('createContact', { body: body(api, { password: 'abcdefg' }) }),
      'a password of 7 characters',
    );
    // "Write only; never returned": no answer holds what was sent, nor a `password` member of any kind (a hash is a
    // password returned). A refusal may name the field in its message or pointer; a `hasPassword` is another field.
    // Values no answer could hold by chance, of 8 characters and more.
    const secret = `pw${randomUUID().replace(/-/g, '').slice(0, 6)}`;
    const another = `pw-${randomUUID()}`;
    const ok = await api.call('createContact', { body: body(api, { password: secret }) });
    expectAccepted(ok, 'a password of 8 characters');
    const made = contactIn(ok, 'the add of a contact with a password');
    // A password on update (D-55) and the search's reference filter (D-11) are ours: whatever they answer, it holds
    // no password.
    const answers = [
      ok,
      await api.call('getContact', { params: { id: made.id } }),
      await update(api, 'updateContact', made.id, { type: made.type, password: another }),
      await api.call('getContact', { params: { id: made.id } }),
      await api.call('searchContacts', { query: { reference: made.reference } }),
    ];
    for (const a of answers) {
      for (const value of [secret, another])
        expect(a.text.includes(value), `${a.url} answered a password sent: ${a.text.slice(0, 300)}`).toBe(false);
      if (a.status < 300)
        expect(membersNamed(a.body, 'password'), `${a.url} answered a password: ${a.text.slice(0, 300)}`).toEqual([]);
    }
  })
  .twin('status', '§2.2 D-11 D-28 D-55 D-02')
  .test(
    'a password of 7 characters is a 422 error.min-length; add answers 201, and get, an update setting a password and search answer 200',
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
  )
  // The password's own row says what is returned instead: hasPassword (§2.2's next row).
  .twin('has-password', '§2.2', { quote: 'Read only; true if the Contact has set a password' })
  .test('a contact added with a password reads back hasPassword true', async ({ api }) => {
    const ok = await api.call('createContact', { body: body(api, { password: `pw-${randomUUID()}` }) });
    expectAccepted(ok, 'a password of 8 characters or more');
    const made = contactIn(ok, 'the add of a contact with a password');
    expect((await get(api, made.id)).hasPassword, 'hasPassword of a contact that set a password').toBe(true);
  });
requirement('createContact.has-password', '§2.2 D-28 D-55').test(
  'hasPassword is false without a password and true once one is set by update',
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
requirement('createContact.no-second-hq', '§3 §8', { quote: 'a new hq cannot be created' })
  .test('refuses to create a second hq contact', async ({ api }) => {
    expectRefused(await api.call('createContact', { body: secondHq(api) }), 'a second hq contact');
  })
  .twin('naming', '§3 D-12 D-02')
  .test('a second hq contact is a 422 error.hq-exists naming contact.type', async ({ api }) => {
    expect422(await api.call('createContact', { body: secondHq(api) }), {
      name: 'contact.type',
      ref: 'error.hq-exists',
    });
  });

requirement('createContact.read-only', '§2.2 D-09 D-28')
  .test(`accepts and ignores the read-only fields ${readOnly.join(', ')}`, async ({ api }) => {
    // The document's answer example holds a value of each; the contact gets its own (no password: hasPassword false).
    const sent = Object.fromEntries(readOnly.map((f) => [f, answerExample[f]]));
    const res = await api.call('createContact', { body: body(api, { ...sent, password: undefined }) });
    expectWritten(res, 'add');
    const made = createdIn(res, 'contact', 'the add of a contact');
    for (const f of readOnly) expect(made[f], f).not.toEqual(sent[f]);
    expect(await get(api, made.id)).toEqual(made);
  })
  // The source's part of read-only: §2.2 says id, hasPassword and created are "Read only", so what a write sends for
  // them never sets them, whether the write is refused or accepted (accepting and ignoring them is D-09's).
  .twin('never-set', '§2.2', { quote: 'Read only' })
  .test('the read-only id, hasPassword and created sent with an add or an update never set them', async ({ api }) => {
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
  });

/** A minimal contact (type and email, §2.2's required fields for a type that needs no names), read back. */
const minimal = async (api: Api): Promise<Json> => {
  const type = types.find((t) => t !== 'hq' && !namedTypes.includes(t))!;
  const res = await api.call('createContact', { body: { contact: { type, email: `${uid('bare')}@example.com` } } });
  expectAccepted(res, 'a contact of type and email only');
  return get(api, contactIn(res, 'the add of a contact of type and email only').id);
};
const always = new Set([...alwaysRequired, ...readOnly.filter((f) => !(f in unsetValues))]);
const optional = Object.entries(output.properties as Record<string, Json>).filter(([field]) => !always.has(field));
// A field "Currently not implemented" (§2.2) need not be returned at all: D-27 returns it (`.defaults`).
requirement('createContact.unset-null', '§2.1 §2.2', {
  quote: 'Unset optional values are returned as `null`',
  judge: unsetNull,
})
  .test('every optional field of a minimal add (type and email) reads back as null', async ({ api }) => {
    await minimal(api);
  })
  .twin('defaults', '§2.2 D-25 D-26 D-27 D-28')
  .test(
    'the optional fields that are not nullable read back unset as hasPassword false, accessRoles [] and tags {contact: []}; username, which D-27 returns, as null',
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
requirement('createContact.type-enum', '§2.2 §3', { quote: 'One of `branch`, `guest`, `hq`, `recipient`, `user`' })
  .test(`refuses a type outside ${types.join(', ')}, on add and on update`, async ({ api }) => {
    for (const type of badTypes)
      expectRefused(await api.call('createContact', { body: body(api, { type }) }), `type ${JSON.stringify(type)}`);
    const c = await get(api, (await create(api, 'createContact')).id); // as stored (an add's answer is D-11's)
    expectRefused(await update(api, 'updateContact', c.id, { type: 'customer' }), 'an update to type customer');
    expect((await get(api, c.id)).type).toBe(c.type);
  })
  .twin('naming', '§2.2 D-02')
  .test(
    `a type outside ${types.join(', ')} is a 422 error.enum naming contact.type, on add and on update`,
    async ({ api }) => {
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

requirement('createContact.website-relative', '§2.2', {
  quote: "Optional absolute or relative path to the Contact's page",
})
  // "absolute or relative path", as RFC 3986 §4.2 names them: `/team/jane` is an absolute path, `team/jane` a
  // relative one.
  .test('website takes an absolute path or a relative path such as team/jane, read back as sent', async ({ api }) => {
    for (const website of [`team/${uid('jane')}`, `/team/${uid('jane')}`]) {
      const res = await api.call('createContact', { body: body(api, { website }) });
      expectAccepted(res, `website ${website}`);
      expect((await get(api, contactIn(res, `the add of website ${website}`).id)).website).toBe(website);
    }
  })
  // §2.2 says "path"; that an absolute http(s) URL is a website too is D-27's.
  .twin('url', '§2.2 D-27')
  .test('website takes an absolute https URL, read back as sent', async ({ api }) => {
    const website = `https://example.com/team/${uid('jane')}`;
    const res = await api.call('createContact', { body: body(api, { website }) });
    expectAccepted(res, `website ${website}`);
    expect((await get(api, contactIn(res, `the add of website ${website}`).id)).website).toBe(website);
  });

for (const field of keypadFields) {
  // §2.2 says letters are "converted to digits"; which digits (the keypad), either case and spaces are D-14's.
  requirement(`createContact.keypad.${field}`, '§2.2 D-14').test(
    `converts letters in ${field} to keypad digits`,
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
  requirement(`createContact.letters-to-digits.${field}`, '§2.2', { quote: phoneRule }).test(
    `a ${field} with letters A-Z is accepted and read back with digits in their place`,
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
  requirement(id, '§2.1 §2.2', { quote: 'Date-only fields use `yyyy-mm-dd`' })
    .test(`${field} is a yyyy-mm-dd date: read back as sent, another format is refused`, async ({ api }) => {
      const c = await create(api, 'createContact', { [field]: '1990-05-17' });
      expect((await get(api, c.id))[field]).toBe('1990-05-17');
      for (const bad of badDates)
        expectRefused(await api.call('createContact', { body: body(api, { [field]: bad }) }), `${field} ${bad}`);
    })
    .twin('naming', '§2.1 D-02')
    .test(`a ${field} that is not a yyyy-mm-dd date is a 422 naming contact.${field}`, async ({ api }) => {
      for (const bad of badDates)
        expect422(await api.call('createContact', { body: body(api, { [field]: bad }) }), { name: `contact.${field}` });
    });
}

// ATOM is RFC 3339's date-time: `Z` or a numeric offset (RFC 3339 §5.6); D-10 writes the offset (`+00:00`).
requirement('createContact.created-atom', '§2.1 §2.2', {
  quote: 'Date-time fields on Contacts are received and supplied in ATOM format',
})
  .test('created is an ATOM date-time of the creation that an update leaves unchanged', async ({ api }) => {
    const before = Date.now();
    const c = await create(api, 'createContact');
    // As a get supplies it (§4.2): what an add answers is D-11's.
    const { created } = await get(api, c.id);
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(Math.abs(Date.parse(created) - before)).toBeLessThan(24 * 3600 * 1000);
    const later = await update(api, 'updateContact', c.id, { type: c.type, position: 'Moved' });
    expectAccepted(later, 'an update of position');
    expect((await get(api, c.id)).created).toBe(created);
  })
  .twin('offset', '§2.1 D-10')
  .test(
    "created is written with a numeric offset and no fraction (YYYY-MM-DDTHH:MM:SS+00:00), on add and in the update's answer",
    async ({ api }) => {
      const c = await create(api, 'createContact');
      expect(c.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      const later = await update(api, 'updateContact', c.id, { type: c.type, position: 'Moved' });
      expect(later.body?.contact?.created).toBe(c.created);
    },
  );

requirement('createContact.ids', '§2.1 §2.2 D-27', { quote: 'numeric, non-sequential system ID' }).test(
  'ids are numeric and non-sequential',
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

requirement('createContact.unicode-lastname', '§2.2', { quote: 'any unicode letter allowed' }).test(
  'a lastname may hold any unicode letter',
  async ({ api }) => {
    const lastname = `Łódź-Ünïcødé-Ωμέγα-李${letters(3)}`;
    expect((await get(api, (await create(api, 'createContact', { lastname })).id)).lastname).toBe(lastname);
  },
);

requirement('createContact.reference-unique', '§2.2', { quote: 'Optional unique reference' })
  .test('a reference already in use is refused, on create and on update', async ({ api }) => {
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
  })
  .twin('naming', '§2.2 D-27 D-02')
  .test(
    'a reference already in use is a 422 error.unique naming contact.reference, on create and on update',
    async ({ api }) => {
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
