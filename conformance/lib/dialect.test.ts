// The dialect file: what it accepts, every problem at once, and the translation both ways.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createHmac } from 'node:crypto';
import { signatureValid } from './inbox.ts';
import type { Recorded } from './receiver.ts';
import {
  answerOf,
  fillTemplate,
  placeholders,
  assumedFor,
  CONTRACT_DIALECT,
  createFor,
  DialectError,
  eventFromTarget,
  eventToTarget,
  fromTarget,
  parseDialect,
  queryToTarget,
  scopeOf,
  scopesOf,
  statedBody,
  toTarget,
} from './dialect.ts';

test('contactBody takes requests and answers apart, or one form for both', () => {
  const apart = parseDialect('contactBody: { request: contact, answer: none }').dialect;
  assert.deepEqual([apart.contactBody, apart.contactAnswer], ['contact', 'none']);
  // An answer read bare is put in our wrapper for the requirement; a request keeps the target's wrapper.
  assert.deepEqual(fromTarget(apart, 'getContact', 200, { id: 1 }), { contact: { id: 1 } });
  assert.deepEqual(toTarget(apart, 'createContact', { contact: { email: 'a@example.com' } }), {
    contact: { email: 'a@example.com' },
  });
  assert.throws(() => parseDialect('contactBody: { request: contact, answer: bare }'), /contactBody must be/);
});

test('a complete dialect of other choices is read, and each key counts as stated', () => {
  const { dialect, stated } = parseDialect(
    [
      'v2Body: none',
      'contactBody: none',
      'contactSearchList: /results',
      'errors: /problems',
      'bodies:',
      '  createGeozone: { name: Nordics, countries: [SE, NO] }',
      'statuses: { add: 200 }',
      'pageParams: { page: pageNumber, limit: pageSize }',
      'scopes: { settings: admin }',
      'events: { products/created: product.added }',
      'fields: { createGeozone: { title: name } }',
    ].join('\n'),
  );
  assert.deepEqual(dialect, {
    v2Body: 'none',
    contactBody: 'none',
    contactAnswer: 'none',
    contactSearchList: '/results',
    errors: '/problems',
    bodies: { createGeozone: { name: 'Nordics', countries: ['SE', 'NO'] } },
    statuses: { add: 200, update: 200, delete: 204 },
    pageParams: { page: 'pageNumber', limit: 'pageSize' },
    scopes: { settings: 'admin' },
    events: { 'products/created': 'product.added' },
    fields: { createGeozone: { title: { name: 'name' } } },
    signatures: CONTRACT_DIALECT.signatures,
    deliveries: CONTRACT_DIALECT.deliveries,
  });
  assert.deepEqual([...stated].sort(), [
    'bodies.createGeozone',
    'contactBody',
    'contactSearchList',
    'errors',
    'events',
    'fields',
    'pageParams',
    'scopes',
    'statuses',
    'v2Body',
  ]);
  assert.deepEqual(queryToTarget(dialect, { page: 2, limit: 5, sku: 'A' }), { pageNumber: 2, pageSize: 5, sku: 'A' });
  assert.deepEqual(queryToTarget(dialect, { constructor: 'x' }), { constructor: 'x' });
  assert.ok(scopesOf(dialect).includes('admin') && !scopesOf(dialect).includes('settings'));
  assert.equal(scopeOf(dialect, 'products'), 'products');
  assert.equal(eventToTarget(dialect, 'products/created'), 'product.added');
  assert.equal(eventFromTarget(dialect, 'product.added'), 'products/created');
  assert.equal(eventToTarget(dialect, 'products/*'), 'products/*');
  assert.deepEqual(toTarget(dialect, 'updateGeozone', { data: { title: 'Nordics' } }), { name: 'Nordics' });
  assert.deepEqual(fromTarget(dialect, 'listGeozones', 200, { data: [{ name: 'Nordics' }] }), {
    data: [{ title: 'Nordics' }],
  });
  const actions = parseDialect("events: { '*/created': '*/added', contacts/created: contact.new }").dialect;
  assert.equal(eventToTarget(actions, 'products/created'), 'products/added');
  assert.equal(eventToTarget(actions, 'contacts/created'), 'contact.new');
  assert.equal(eventFromTarget(actions, 'products/added'), 'products/created');
  assert.equal(eventFromTarget(actions, 'contact.new'), 'contacts/created');
  assert.equal(eventToTarget(actions, '*/deleted'), '*/deleted');
});

test('every problem at once, one line each, naming the key and what it accepts', () => {
  const err = (() => {
    try {
      parseDialect(
        '{"v2Body": "wrapped", "errors": "errors", "bodies": {"createNothing": {}, "createGeozone": 3}, "pages": 1, "statuses": {"add": 301}, "scopes": {"products": "p", "nothing": "n"}, "events": {"products/made": "x"}}',
        'd.json',
      );
    } catch (e) {
      return e as DialectError;
    }
    throw new Error('no error');
  })();
  assert.ok(err instanceof DialectError);
  assert.deepEqual(err.problems, [
    'd.json: v2Body must be `data` or `none` (ours: D-01)',
    'd.json: errors must be a JSON pointer (`/errors`) or `none` (ours: D-02)',
    'd.json: bodies.createNothing is not a create or update operation of the document',
    'd.json: bodies.createGeozone must be an object (the resource, without a wrapper) (ours: D-01, D-35, D-39)',
    'd.json: unknown key pages (known: v2Body, contactBody, contactSearchList, errors, bodies, statuses, pageParams, scopes, events, deliveries, shippingServices, checkout, dispatch, signatures, fields)',
    'd.json: statuses must be a map of add, update and delete to a 2xx status (ours: D-01)',
    "d.json: scopes.products is named by §5's table, not by a dialect (ours: D-07)",
    'd.json: scopes.nothing is not a scope of the document (ours: D-07)',
    'd.json: events.products/made is not an event name of ours (D-17)',
  ]);
  assert.throws(() => parseDialect('- a list'), /expected an object of dialect keys/);
});

test('bodies go out unwrapped and answers come in wrapped where the dialect says so; ours pass unchanged', () => {
  const other = parseDialect('v2Body: none\ncontactBody: none\ncontactSearchList: /results\nerrors: /problems').dialect;
  assert.deepEqual(toTarget(other, 'createProduct', { data: { sku: 'A' } }), { sku: 'A' });
  assert.deepEqual(toTarget(other, 'createContact', { contact: { type: 'guest' } }), { type: 'guest' });
  assert.deepEqual(toTarget(CONTRACT_DIALECT, 'createProduct', { data: { sku: 'A' } }), { data: { sku: 'A' } });
  assert.deepEqual(fromTarget(other, 'getContact', 200, { id: 7 }), { contact: { id: 7 } });
  assert.deepEqual(fromTarget(other, 'searchContacts', 200, { results: [{ id: 7 }] }), {
    results: [{ id: 7 }],
    contacts: [{ id: 7 }],
  });
  assert.deepEqual(fromTarget(other, 'createProduct', 422, { problems: [{ name: 'sku' }] }), {
    problems: [{ name: 'sku' }],
    errors: [{ name: 'sku' }],
  });
  assert.deepEqual(fromTarget(CONTRACT_DIALECT, 'getContact', 200, { contact: { id: 7 } }), { contact: { id: 7 } });
});

test('what a create relies on that the dialect does not state, and the create of a write', () => {
  assert.deepEqual(assumedFor({ dialect: CONTRACT_DIALECT, stated: new Set() }, 'createGeozone'), {
    decisions: 'D-01, D-35, D-39',
    keys: 'v2Body and bodies.createGeozone',
  });
  assert.equal(
    assumedFor({ dialect: CONTRACT_DIALECT, stated: new Set(['v2Body', 'bodies.createGeozone']) }, 'createGeozone'),
    undefined,
  );
  assert.equal(createFor('updateProduct'), 'createProduct');
  assert.equal(createFor('updateProductMedia'), 'createProductMedia');
  assert.equal(createFor('createContact'), 'createContact');
  assert.equal(createFor('updateContact'), 'createContact');
});

test('fields rename, nest and pluck, both ways, and a stated body is read in our names', () => {
  const { dialect } = parseDialect(
    [
      'v2Body: none',
      'fields:',
      '  createGeozone: { title: name, countries: { name: countryCodes, pluck: countryCode } }',
      '  createAccessRole: { reference: code, requiresVerification: rules/verification }',
      'bodies:',
      '  createGeozone: { name: Nordics, countryCodes: [SE, NO] }',
      '  createAccessRole: { code: member, rules: { verification: true, approval: false } }',
    ].join('\n'),
  );
  const ours = { title: 'Nordics', countries: [{ countryCode: 'SE' }, { countryCode: 'NO' }] };
  const theirs = { name: 'Nordics', countryCodes: ['SE', 'NO'] };
  assert.deepEqual(toTarget(dialect, 'updateGeozone', { data: ours }), theirs);
  assert.deepEqual(fromTarget(dialect, 'getGeozone', 200, { data: { id: 1, ...theirs } }), {
    data: { id: 1, ...ours },
  });
  assert.deepEqual(toTarget(dialect, 'createAccessRole', { data: { reference: 'x', requiresVerification: true } }), {
    code: 'x',
    rules: { verification: true },
  });
  assert.deepEqual(
    fromTarget(dialect, 'listAccessRoles', 200, { data: [{ code: 'x', rules: { verification: true, approval: 1 } }] }),
    { data: [{ rules: { approval: 1 }, reference: 'x', requiresVerification: true }] },
  );
  assert.deepEqual(statedBody(dialect, 'createGeozone'), ours);
  assert.deepEqual(statedBody(dialect, 'createAccessRole'), {
    reference: 'member',
    rules: { approval: false },
    requiresVerification: true,
  });
  assert.throws(
    () => parseDialect('fields: { createGeozone: { countries: { pluck: countryCode } } }'),
    /fields\.createGeozone\.countries must be the target's name, or \{ name, pluck \}/,
  );
  assert.ok(parseDialect('bodies: { updateProduct: { title: x } }').stated.has('bodies.updateProduct'));
});

test('signature schemes: by name or by parts, and a request verified under each', () => {
  const standard = parseDialect('signatures: standard-webhooks').dialect.signatures;
  assert.equal(standard.header, 'webhook-signature');
  const parts = parseDialect('signatures: { header: X-Shop-Signature, encoding: hex }').dialect.signatures;
  assert.deepEqual(parts, { header: 'x-shop-signature', signs: 'body', encoding: 'hex' });
  assert.throws(() => parseDialect('signatures: { header: X, signs: id.timestamp.body }'), /signatures must be/);
  assert.throws(() => parseDialect('signatures: hmac'), /signatures must be/);
  assert.deepEqual(parseDialect('deliveries: { event: /type }').dialect.deliveries, {
    event: '/type',
    resource: '/data',
    metadata: '/metadata',
  });
  assert.throws(() => parseDialect('deliveries: { event: type }'), /deliveries must be/);
  const body = '{"a":1}';
  const sig = createHmac('sha256', 's3cret').update(`m1.1700000000.${body}`).digest('base64');
  const r = {
    body,
    headers: { 'webhook-id': 'm1', 'webhook-timestamp': '1700000000', 'webhook-signature': `v1,old v1,${sig}` },
  } as unknown as Recorded;
  assert.equal(signatureValid(r, 's3cret', standard), true);
  assert.equal(signatureValid(r, 'other', standard), false);
  assert.equal(signatureValid(r, 's3cret'), false, "D-16's scheme reads another header");
  const hex = { body, headers: { 'x-shop-signature': createHmac('sha256', 'k').update(body).digest('hex') } };
  assert.equal(signatureValid(hex as unknown as Recorded, 'k', parts), true);
});

test('shippingServices, checkout and dispatch: where the callbacks are reached, read with their defaults', () => {
  const { dialect } = parseDialect(
    [
      'shippingServices: { path: /api/carriers.json, wrapper: carrier }',
      'checkout: { path: /api/test/checkouts, body: { lines: "{{items}}", to: "{{destination.countryCode}}" } }',
      'dispatch: { path: "/api/test/checkouts/{{checkoutId}}/ship", answer: { id: /id, boxes: { at: /parcels, each: { labelStatus: /state } } } }',
    ].join('\n'),
  );
  assert.deepEqual(dialect.shippingServices, {
    path: '/api/carriers.json',
    item: '/api/carriers/{id}.json',
    wrapper: 'carrier',
    id: '/carrier/id',
  });
  assert.equal(dialect.checkout?.method, 'POST');
  assert.deepEqual(dialect.checkout?.item, { productId: '{{productId}}', quantity: '{{quantity}}' });
  // Unstated parts are ours (D-20): the dispatch's body names the chosen option.
  assert.deepEqual(placeholders(dialect.dispatch?.body).sort(), [
    'currency',
    'destination',
    'items',
    'serviceCode',
    'shippingServiceId',
  ]);
  const err = (() => {
    try {
      parseDialect(
        'checkout: { method: FETCH, path: checkouts, body: { id: "{{checkoutId}}" }, item: { p: "{{sku}}" }, answer: { options: options }, extra: 1 }',
      );
    } catch (e) {
      return e as DialectError;
    }
    throw new Error('no error');
  })();
  assert.deepEqual(err.problems, [
    'dialect: checkout.extra is not a part of a trigger (method, path, body, item, answer) (ours: D-20)',
    'dialect: checkout.method must be GET, POST, PUT, PATCH or DELETE (ours: D-20)',
    'dialect: checkout.path must be a path from the target URL (`/api/test/checkouts`) (ours: D-20)',
    'dialect: checkout.body: {{checkoutId}} is not a value the suite fills ({{items}}, {{currency}}, {{destination}}, {{dispatchDate}}) (ours: D-20)',
    'dialect: checkout.item: {{sku}} is not a value the suite fills ({{productId}}, {{quantity}}) (ours: D-20)',
    'dialect: checkout.answer.options must be a JSON pointer, or { at, each } for a list (ours: D-20)',
  ]);
  assert.throws(() => parseDialect('shippingServices: { path: /x, item: /x/1 }'), /shippingServices must be/);
});

test('a trigger template filled, and its answer read in our form', () => {
  const filled = fillTemplate(
    {
      cart: { lines: '{{items}}', at: '{{dispatchDate}}' },
      country: '{{destination.countryCode}}',
      note: 'to {{destination.city}}',
    },
    { items: [{ p: 1 }], destination: { countryCode: 'GB', city: 'London' } },
  );
  assert.deepEqual(filled, { cart: { lines: [{ p: 1 }] }, country: 'GB', note: 'to London' });
  const trigger = {
    method: 'POST',
    path: '/x',
    body: {},
    item: {},
    answer: {
      id: '/checkout/id',
      options: { at: '/checkout/offers', each: { serviceCode: '/code', priceExcTax: '/price/net' } },
    },
  };
  assert.deepEqual(answerOf(trigger, { checkout: { id: 'c1', offers: [{ code: 'STD', price: { net: 3 } }] } }), {
    id: 'c1',
    options: [{ code: 'STD', price: { net: 3 }, serviceCode: 'STD', priceExcTax: 3 }],
  });
  assert.deepEqual(answerOf(undefined, { success: true, data: { options: [] } }), { options: [] });
});

test("the README's complete example is a valid dialect", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const block = /### A dialect[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'the README has the example');
  const { stated } = parseDialect(block, 'README.md');
  assert.ok(stated.has('v2Body') && stated.has('bodies.createGeozone'));
});
