// Updating, reading and deleting a contact (§3, §4.2; D-04, D-09, D-11, D-15, D-24..D-26, D-29, D-51, D-55): both
// update operations (PUT, and POST for the same operation) change what they send and keep the rest, replace roles
// and tags, add or merge the address, keep the names a type needs and the one hq contact, and take back what get
// returned; get reads back what add answered; a deleted contact is gone. What the last two assert is their
// judgement over the exchanges of their act (shared.ts), which the proxy runs over live traffic too.
// Basis: a rule the source states is a `source` requirement that says only "refused" or "accepted"
// (lib/expectations.ts); how we refuse it (422, the error envelope, the field's name, the `ref`) is its twin
// `<id>.naming`, basis decision (D-02 and the rule's D-nn).
import { expect, requirement, skip } from '../../lib/requirement.ts';
import { expect422, expectAccepted, expectDeleted, expectRefused, expectWritten } from '../../lib/expectations.ts';
import { type Json } from '../../lib/contract.ts';
import { contactsIn, create, exampleOf, uid } from '../../lib/fixtures.ts';
import { type Api } from '../../lib/api.ts';
import {
  PNG,
  digits,
  letters,
  expect404,
  findHq,
  gone,
  goneStatus,
  get,
  namedRequired,
  namedTypes,
  openRole,
  readsBack,
  refsOf,
  ruledRole,
  types,
  update,
  updates,
  wholeAddress,
} from './shared.ts';

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

for (const operationId of updates) {
  requirement(`${operationId}.partial`, '§4.2 D-11 D-51 D-55').test(
    "applies the document's update example: given fields change, absent fields keep their value",
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
  requirement(`${operationId}.type-required`, '§2.2 §3', { quote: 'Required on every request' })
    .test('refuses an update without type', async ({ api }) => {
      const c = await get(api, (await create(api, 'createContact')).id); // as stored (an add's answer is D-11's)
      expectRefused(await update(api, operationId, c.id, { position: 'No type' }), 'an update without type');
      expect((await get(api, c.id)).position).toBe(c.position);
    })
    .twin('naming', '§2.2 D-29 D-02')
    .test('an update without type is a 422 error.required naming contact.type', async ({ api }) => {
      const c = await create(api, 'createContact');
      expect422(await update(api, operationId, c.id, { position: 'No type' }), {
        name: 'contact.type',
        ref: 'error.required',
      });
    });
  // §4.2 rule 1, for the basic information and a primary address the contact has (adding one is address-added,
  // the roles roles-replace). Only what was sent is looked at: a partial update (D-51) or a replacing one both do.
  requirement(`${operationId}.modifies`, '§4.2', {
    quote: 'Basic information, the primary address and access roles can be modified.',
  }).test('an update changes the basic information and the primary address it sends', async ({ api }) => {
    const c = await get(api, (await create(api, 'createContact')).id);
    expect(c.address, 'the address of the contact made').toEqual(expect.any(Object));
    const basic = {
      firstname: `F${letters(5)}`,
      lastname: `L${letters(5)}`,
      company: `C${letters(5)}`,
      department: `D${digits(5)}`,
      position: `P${digits(5)}`,
      dateOfBirth: '1985-04-12',
    };
    const address = wholeAddress({
      line1: `${digits(2)} Changed Road`,
      city: 'Leeds',
      countryCode: 'GB',
      zip: 'LS1 1AA',
    });
    expectAccepted(await update(api, operationId, c.id, { type: c.type, ...basic, address }), 'the update');
    const got = await get(api, c.id);
    expect(got).toMatchObject(basic);
    expect(got.address).toMatchObject(address);
  });
  // §2.2: a guest or user has a firstname and a lastname: an update never takes them away, refused or not.
  requirement(`${operationId}.names-required`, '§2.2', { quote: 'Required when type is `guest` or `user`' }).test(
    `an update sending ${namedRequired.join(' or ')} null leaves a ${namedTypes.join(' or ')} with its names`,
    async ({ api }) => {
      const c = await get(api, (await create(api, 'createContact', { type: namedTypes[0] })).id);
      for (const f of namedRequired) {
        const res = await update(api, operationId, c.id, { type: c.type, [f]: null });
        if (res.status >= 300) expectRefused(res, `an update clearing ${f}`);
        expect((await get(api, c.id))[f], `${f} after an update sending it null`).toBe(c[f]);
      }
    },
  );
  requirement(`${operationId}.names-after-merge`, '§2.2 D-29 D-55').test(
    'a user whose update clears a required name is a 422',
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
  requirement(`${operationId}.roles-replace`, '§4.2', {
    quote: 'existing grants absent from the list are dropped',
  }).test(
    'accessRoles on update replaces the whole list; an update without accessRoles keeps them',
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
  requirement(`${operationId}.address-added`, '§4.2 §2.2', {
    quote: 'If the Contact has no primary address, an included address is added.',
  })
    .test('adds an address to a contact that has none, inheriting its names', async ({ api }) => {
      const c = await get(
        api,
        (await create(api, 'createContact', { address: undefined, company: `Co ${digits(4)}` })).id,
      );
      expect(c.address).toBeNull();
      const res = await update(api, operationId, c.id, {
        type: c.type,
        address: wholeAddress({ line1: '5 New Road', city: 'Leeds', countryCode: 'GB', zip: 'LS1 1AA' }),
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
    })
    .twin('merge', '§4.2 D-15')
    .test(
      'an address sent for a contact that has one is merged into it, keeping its id and the fields not sent',
      async ({ api }) => {
        const c = await create(api, 'createContact', { address: undefined, company: `Co ${digits(4)}` });
        const res = await update(api, operationId, c.id, {
          type: c.type,
          address: wholeAddress({ line1: '5 New Road', city: 'Leeds', countryCode: 'GB', zip: 'LS1 1AA' }),
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
  requirement(`${operationId}.no-hq`, '§3', { quote: 'Exactly one exists' })
    .test("refuses to change a contact's type to hq", async ({ api }) => {
      const c = await get(api, (await create(api, 'createContact')).id); // as stored (an add's answer is D-11's)
      expectRefused(await update(api, operationId, c.id, { type: 'hq' }), 'an update to type hq');
      expect((await get(api, c.id)).type).toBe(c.type);
    })
    .twin('naming', '§3 D-12 D-02')
    .test('an update to type hq is a 422 error.hq-exists naming contact.type', async ({ api }) => {
      const c = await create(api, 'createContact');
      expect422(await update(api, operationId, c.id, { type: 'hq' }), {
        name: 'contact.type',
        ref: 'error.hq-exists',
      });
    });
  requirement(`${operationId}.tags-replace`, '§4.2 D-26 D-55').test(
    "tags on update replace the contact's tags; another tag type is a 422",
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
  requirement(`${operationId}.round-trip`, '§2.2 §4.2 D-09 D-15 D-24 D-25 D-55').test(
    'what get returns, sent back unchanged as {contact: …}, is accepted and changes nothing',
    async ({ api }) => {
      for (const before of await richContacts(api)) {
        const res = await update(api, operationId, before.id, before);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        expect(res.body?.contact).toEqual(before);
        expect(await get(api, before.id)).toEqual(before);
      }
    },
  );
  requirement(`${operationId}.round-trip-change`, '§2.2 §4.2 D-09').test(
    'what get returns, sent back with one field changed, changes only that field; an unknown field in it is still a 422',
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
  requirement(`${operationId}.address-null`, '§2.2 §4.2 D-15 D-55').test(
    'address null removes the primary address, and changes nothing on a contact without one',
    async ({ api }) => {
      const c = await create(api, 'createContact', { address: wholeAddress({ line1: '3 Null Street', city: 'Ely' }) });
      expect(c.address).not.toBeNull();
      const cleared = await update(api, operationId, c.id, { type: c.type, address: null });
      expect(cleared.status, cleared.text.slice(0, 300)).toBe(200);
      expect((await get(api, c.id)).address).toBeNull();
      const again = await update(api, operationId, c.id, { type: c.type, address: null });
      expect(again.status, again.text.slice(0, 300)).toBe(200);
      expect(await get(api, c.id)).toEqual({ ...c, address: null });
    },
  );
  requirement(`${operationId}.tags-empty`, '§4.2', { quote: 'whose value is an array of zero or more strings' })
    .test('tags {contact: []} (zero strings) is accepted; tags [] is refused and changes nothing', async ({ api }) => {
      const c = await create(api, 'createContact', { tags: { contact: ['keep-me'] } });
      expectRefused(await update(api, operationId, c.id, { type: c.type, tags: [] }), 'tags as an empty array');
      expect((await get(api, c.id)).tags).toEqual({ contact: ['keep-me'] });
      expectAccepted(
        await update(api, operationId, c.id, { type: c.type, tags: { contact: [] } }),
        'tags {contact: []}',
      );
    })
    .twin('removes', '§4.2 D-26 D-55 D-02')
    .test(
      'tags {contact: []} removes every tag (a given tags replaces them); tags [] is a 422 naming contact.tags',
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
  requirement(`${operationId}.deleted-not-found`, '§4.2', { standard: 'RFC 9110 §15.5.5, §15.5.11' })
    .test('an update of a deleted contact answers 404 (or 410 Gone)', async ({ api }) => {
      const c = await create(api, 'createContact');
      expectAccepted(await api.call('deleteContact', { params: { id: c.id } }), 'the delete');
      expectDeleted(await update(api, operationId, c.id, { type: c.type, position: 'Gone' }), 'the deleted contact');
    })
    .twin('envelope', '§7 D-04 D-02')
    .test('an update of a deleted contact answers 404 in the error envelope with error.not-found', async ({ api }) => {
      const c = await create(api, 'createContact');
      expectWritten(await api.call('deleteContact', { params: { id: c.id } }), 'delete');
      expect404(await update(api, operationId, c.id, { type: c.type, position: 'Gone' }));
    });
}

requirement('updateContactPost.same-as-put', '§4.2', { quote: 'for the same operation' }).test(
  'POST /api/contacts/{id}.json gives the same result as PUT for the same update',
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
      address: wholeAddress({ line1: '9 Twin Lane', city: 'Derby' }),
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

requirement('getContact.reads-back', '§4.2 D-11', { platform: true, judge: readsBack }).test(
  'get answers the contact exactly as add answered it',
  async ({ api }) => {
    const c = await create(api, 'createContact');
    await api.call('getContact', { params: { id: c.id } });
  },
);

/** Adds a contact and deletes it: the act knows its delete is valid, so it must succeed (a refusal is no exchange to judge). */
async function deleted(api: Api): Promise<Json> {
  const c = await create(api, 'createContact');
  expectAccepted(await api.call('deleteContact', { params: { id: c.id } }), 'the delete');
  return c;
}
requirement('deleteContact.gone', '§4.2', { standard: 'RFC 9110 §15.5.5, §15.5.11', judge: gone })
  .test('delete succeeds, then get and delete answer 404 (or 410 Gone)', async ({ api }) => {
    const c = await deleted(api);
    await api.call('getContact', { params: { id: c.id } });
    await api.call('deleteContact', { params: { id: c.id } });
  })
  .twin('status', '§4.2 D-04 D-11 D-02', { judge: goneStatus })
  .test(
    'delete answers 204 without a body, then get and delete answer 404 in the error envelope and search no longer finds it',
    async ({ api }) => {
      const c = await deleted(api);
      await api.call('getContact', { params: { id: c.id } });
      await api.call('deleteContact', { params: { id: c.id } });
      // The act knows its search is valid: it must answer a list (a refusal is no exchange to judge).
      contactsIn(await api.call('searchContacts', { query: { reference: c.reference } }));
    },
  );

requirement('updateContact.hq-stays', '§3', { quote: 'Exactly one exists, created with the website' })
  .test('the hq contact exists, cannot change its type away from hq, and cannot be deleted', async ({ api }) => {
    const hq = await findHq(api);
    skip(!hq, 'the hq contact is not within the first 200 pages of the unfiltered search');
    expectRefused(
      await update(api, 'updateContact', hq!.id, { type: 'branch' }),
      'an update of the hq contact to type branch',
    );
    expectRefused(await api.call('deleteContact', { params: { id: hq!.id } }), 'a delete of the hq contact');
    expect((await get(api, hq!.id)).type).toBe('hq');
  })
  .twin('naming', '§3 D-12 D-02')
  .test(
    "changing the hq contact's type is a 422 error.hq-exists naming contact.type; deleting it a 422 error.hq-required",
    async ({ api }) => {
      const hq = await findHq(api);
      skip(!hq, 'the hq contact is not within the first 200 pages of the unfiltered search');
      expect422(await update(api, 'updateContact', hq!.id, { type: 'branch' }), {
        name: 'contact.type',
        ref: 'error.hq-exists',
      });
      expect422(await api.call('deleteContact', { params: { id: hq!.id } }), { ref: 'error.hq-required' });
    },
  );
