// A contact's access roles, address and tags (§2.2, §3, §4.2; D-15, D-25, D-26): a role by string or object and its
// default rule, an unknown role refused, the address inheriting the contact's names, an address id ignored on add, the
// one tag type `contact`.
// Basis: a rule the source states is a `source` requirement that says only "refused" or "accepted"
// (lib/expectations.ts); how we refuse it (422, the error envelope, the field's name, the `ref`) is its twin
// `<id>.naming`, basis decision (D-02 and the rule's D-nn).
import { expect, requirement } from '../../lib/requirement.ts';
import { expect422, expectRefused } from '../../lib/expectations.ts';
import { type Json } from '../../lib/contract.ts';
import { create, uid } from '../../lib/fixtures.ts';
import { body, get, letters, roles, ruleOf, ruledRole, wholeAddress } from './shared.ts';

requirement('createContact.role-string-default-rule', '§2.2 §3 D-25').test(
  "a role given as a string follows the role's default rule (pending when it requires verification or approval)",
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
requirement('createContact.role-object', '§2.2 §3 D-25').test(
  'a role object with status active is active at once and keeps its expiry; without status it follows the rule',
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
requirement('createContact.role-unknown', '§2.2', { quote: 'New access roles cannot be created through a Contact' })
  .test('an unknown role reference is refused (roles cannot be created through a contact)', async ({ api }) => {
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
  })
  .twin('naming', '§2.2 D-25 D-02')
  .test('an unknown role reference is a 422 error.reference-not-found naming contact.accessRoles', async ({ api }) => {
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
  });

requirement('createContact.address-inherits', '§2.2 D-15', {
  quote: 'The address inherits firstname, lastname and company from the Contact when they are not supplied',
}).test('the address inherits firstname, lastname and company from the contact', async ({ api }) => {
  const names = { firstname: `F${letters(5)}`, lastname: `L${letters(5)}`, company: `C${letters(5)}` };
  const c = await create(api, 'createContact', {
    ...names,
    address: wholeAddress({ line1: '1 High Street', city: 'York', countryCode: 'GB', zip: 'YO1 7HH' }),
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
    address: wholeAddress({ firstname: 'Other', line1: '2 High Street' }),
  });
  expect((await get(api, own.id)).address).toMatchObject({
    firstname: 'Other',
    lastname: names.lastname,
    company: names.company,
  });
});
requirement('createContact.address-id-ignored', '§4.2 D-15', {
  quote: 'An address object that carries an `id` on a new Contact yields a new address object.',
}).test('an address id sent with a new contact yields a new address, leaving the other untouched', async ({ api }) => {
  // Read back with gets (§4.2): what an add answers is D-11's.
  const a = await get(
    api,
    (await create(api, 'createContact', { address: wholeAddress({ line1: '1 First Road', city: 'Bath' }) })).id,
  );
  expect(a.address, 'the address read back, with its id').toEqual(expect.objectContaining({ id: expect.anything() }));
  const b = await get(
    api,
    (
      await create(api, 'createContact', {
        address: wholeAddress({ id: a.address.id, line1: '2 Second Road', city: 'Hull' }),
      })
    ).id,
  );
  expect(b.address, 'the new address').toEqual(expect.objectContaining({ line1: '2 Second Road', city: 'Hull' }));
  expect(b.address.id).not.toBe(a.address.id);
  expect((await get(api, a.id)).address).toMatchObject({ id: a.address.id, line1: '1 First Road', city: 'Bath' });
});

requirement('createContact.tags', '§2.2 §4.2', { quote: 'Only the built-in tag type `contact` is accepted' })
  .test(
    'tags read back as {contact: [...]}; a tag type other than contact, or tags that are not an object, are refused',
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
  )
  .twin('naming', '§2.2 D-26 D-02')
  .test(
    'a tag type other than contact is a 422 error.unknown-field, tags as an array a 422, each naming contact.tags',
    async ({ api }) => {
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
