// The strictDialect variant over HTTP: its strict input, its built-in roles and geozones, its names and shapes of
// the fields §2.12 does not show (answers and deliveries alike), its derived redirect targets; and its dialect file,
// whose bodies it accepts and whose `fields` are its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Json } from '../../openapi/contract.ts';
import type { ReferenceApp } from '../../reference-server/app.ts';
import { start } from '../../reference-server/testing.ts';
import strictDialect, { fields } from './strictDialect.ts';

const dialectFile = parse(
  readFileSync(fileURLToPath(new URL(`./${strictDialect.dialect}`, import.meta.url)), 'utf8'),
) as Json;

/** The variant on a fresh app whose full client holds its scope names too; deliveries are recorded, not sent. */
async function startStrict() {
  const deliveries: { body: string; headers: Record<string, string> }[] = [];
  let app: ReferenceApp | undefined;
  const server = await start({}, (built) => {
    app = built;
    built.seams.transport.send = async (_url, init) => {
      deliveries.push({ body: String(init?.body), headers: init?.headers as Record<string, string> });
      return new Response(null, { status: 204 });
    };
    strictDialect.apply(built);
    const full = built.seams.auth.clients.get('conformance-full')!;
    built.seams.auth.clients.set('conformance-full', {
      ...full,
      scopes: [...full.scopes, 'admin', 'admin.readonly', 'logistics', 'logistics.readonly'],
    });
  });
  return { ...server, app: app!, deliveries };
}

const names = (body: Json) => (body?.problems ?? []).map((p: Json) => p.name);

test('strict input: fields it has no such name for and read-only fields are refused with 422, naming them', async (t) => {
  const s = await startStrict();
  t.after(() => s.stop());
  const product = (await s.call('POST', '/api/v2/products.json', { title: 'Assam', sku: 'ASSAM-1' })).body.data;
  const prices = `/api/v2/products/${product.id}/prices.json`;

  const incTax = await s.call('POST', prices, { currency: 'GBP', amount: 4.5, priceIncTax: 5.4 });
  assert.equal(incTax.status, 422);
  assert.deepEqual(names(incTax.body), ['priceIncTax']);
  const ours = await s.call('POST', prices, { currency: 'GBP', priceExcTax: 4.5, quantityMin: 1 });
  assert.equal(ours.status, 422);
  assert.deepEqual(names(ours.body).sort(), ['amount', 'priceExcTax', 'quantityMin']);
  const readOnly = await s.call('POST', prices, { currency: 'GBP', amount: 4.5, id: 7, isCurrent: true });
  assert.equal(readOnly.status, 422);
  assert.deepEqual(names(readOnly.body), ['id', 'isCurrent']);
  // Authentication comes first: a refused field is refused only for a caller who may write.
  const anonymous = await fetch(`${s.base}${prices}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'GBP', amount: 4.5, priceIncTax: 5.4 }),
  });
  assert.equal(anonymous.status, 401);

  const price = await s.call('POST', prices, { currency: 'GBP', amount: 4.5 });
  assert.equal(price.status, 200);
  assert.deepEqual(Object.keys(price.body.data).sort(), [
    'accessRoleId',
    'amount',
    'createdOn',
    'currency',
    'endOn',
    'id',
    'isCurrent',
    'modifiedOn',
    'productId',
    'startOn',
  ]);
  const changed = await s.call('PUT', `/api/v2/products/${product.id}/prices/${price.body.data.id}.json`, {
    amount: 6,
  });
  assert.equal(changed.body.data.amount, 6);
  // What it stores still satisfies ours: a price including tax equal to the amount, a quantity break of 1.
  const stored = s.app.seams.resources.productPrices.toObject(
    s.app.services.db.prepare('SELECT * FROM "productPrices" WHERE id = ?').get(price.body.data.id) as never,
    new Date(),
  );
  assert.deepEqual([stored.priceExcTax, stored.priceIncTax, stored.quantityMin], [6, 6, 1]);

  const required = await s.call('POST', prices, { currency: 'GBP' });
  assert.deepEqual(required.body.problems, [
    { name: 'amount', message: "must have required property 'amount'", ref: 'validation.required' },
  ]);
});

test('its built-in roles and geozones; a contact granted a role it does not have is refused', async (t) => {
  const s = await startStrict();
  t.after(() => s.stop());
  const roles = (await s.call('GET', '/api/v2/roles.json')).body.data;
  assert.deepEqual(
    roles.map((r: Json) => [r.code, r.rules, r.isBuiltIn, 'description' in r || 'reference' in r]),
    [
      ['member', { verification: true, approval: false }, true, false],
      ['reseller', { verification: true, approval: true }, true, false],
      ['employee', { verification: false, approval: false }, true, false],
    ],
  );
  const zones = (await s.call('GET', '/api/v2/geozones.json')).body.data;
  assert.deepEqual(
    zones.map((z: Json) => z.name),
    ['Home market', 'European Economic Area', 'International'],
  );

  const contact = { type: 'user', email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper' };
  for (const grant of ['staff', { reference: 'customer', status: 'active' }]) {
    const refused = await s.call('POST', '/api/contacts.json', { ...contact, accessRoles: [grant] });
    assert.equal(refused.status, 422, JSON.stringify(grant));
    assert.deepEqual(names(refused.body), ['accessRoles.0']);
  }
  const member = await s.call('POST', '/api/contacts.json', { ...contact, accessRoles: ['member'] });
  assert.equal(member.status, 200);
  assert.deepEqual(member.body.accessRoles, [{ reference: 'member', expires: null, status: 'pending' }]);
  const sentBack = await s.call('PUT', `/api/contacts/${member.body.id}.json`, { type: 'user', hasPassword: false });
  assert.equal(sentBack.status, 422);
  assert.deepEqual(names(sentBack.body), ['hasPassword']);

  const role = await s.call('POST', '/api/v2/roles.json', {
    code: 'wholesale',
    name: 'Wholesale',
    rules: { verification: false, approval: true },
  });
  assert.equal(role.status, 200);
  assert.deepEqual([role.body.data.code, role.body.data.rules], ['wholesale', { verification: false, approval: true }]);
  const partial = await s.call('PUT', `/api/v2/roles/${role.body.data.id}.json`, { rules: { approval: false } });
  assert.deepEqual(partial.body.data.rules, { verification: false, approval: false });
  const wrong = await s.call('POST', '/api/v2/roles.json', {
    code: 'x',
    name: 'X',
    description: 'ours',
    rules: { verification: true, expiry: 3 },
  });
  assert.equal(wrong.status, 422);
  assert.deepEqual(names(wrong.body).sort(), ['description', 'rules.expiry']);
});

test('geozones as country codes, round trip; deliveries in its shapes, signed again', async (t) => {
  const s = await startStrict();
  t.after(() => s.stop());
  await s.call('POST', '/api/v2/webhooks.json', { url: 'https://app.example.com/hooks', events: ['geozones/*'] });
  const made = await s.call('POST', '/api/v2/geozones.json', { name: 'Nordics', countryCodes: ['SE', 'NO'] });
  assert.equal(made.status, 200);
  const zone = made.body.data;
  assert.deepEqual(
    [zone.name, zone.countryCodes, 'countries' in zone, 'title' in zone],
    ['Nordics', ['SE', 'NO'], false, false],
  );
  assert.deepEqual((await s.call('GET', `/api/v2/geozones/${zone.id}.json`)).body.data.countryCodes, ['SE', 'NO']);
  const stored = s.app.services.db.prepare('SELECT countries FROM geozones WHERE id = ?').get(zone.id) as Json;
  assert.deepEqual(JSON.parse(stored.countries), [
    { countryCode: 'SE', regions: [] },
    { countryCode: 'NO', regions: [] },
  ]);
  const changed = await s.call('PUT', `/api/v2/geozones/${zone.id}.json`, { countryCodes: ['DK'] });
  assert.deepEqual(changed.body.data.countryCodes, ['DK']);
  const wrong = await s.call('PUT', `/api/v2/geozones/${zone.id}.json`, {
    countryCodes: ['DK', 5],
    countries: [{ countryCode: 'SE' }],
  });
  assert.equal(wrong.status, 422);
  assert.deepEqual(names(wrong.body).sort(), ['countries', 'countryCodes.1']);

  // A delete answers the object as it was, in its shape too (deleteReturnsObject).
  const deleted = await s.call('DELETE', `/api/v2/geozones/${zone.id}.json`);
  assert.equal(deleted.status, 200);
  assert.deepEqual([deleted.body.data.name, deleted.body.data.countryCodes], ['Nordics', ['DK']]);

  const addedOf = () =>
    s.deliveries.map((d) => ({ ...d, parsed: JSON.parse(d.body) })).find((d) => d.parsed.type === 'geozones/added');
  for (let i = 0; i < 100 && !addedOf(); i++) await new Promise((r) => setTimeout(r, 50));
  const added = addedOf();
  assert.ok(added);
  assert.equal(added.parsed.type, 'geozones/added');
  assert.deepEqual(added.parsed.payload.countryCodes, ['SE', 'NO']);
  assert.ok(!('countries' in added.parsed.payload) && !('title' in added.parsed.payload));
  const secret = s.app.seams.auth.clients.get('conformance-full')!.clientSecret;
  // Signed by Standard Webhooks over id.timestamp.body, with no X-Store-Signature.
  const [id, timestamp] = [added.headers['webhook-id'], added.headers['webhook-timestamp']];
  assert.equal(
    added.headers['webhook-signature'],
    `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${added.body}`).digest('base64')}`,
  );
  assert.equal(added.headers['x-store-signature'], undefined);
});

test('a dynamic redirect target is derived and refused on write; a url redirect takes its target', async (t) => {
  const s = await startStrict();
  t.after(() => s.stop());
  const product = (await s.call('POST', '/api/v2/products.json', { title: 'Assam', sku: 'ASSAM-2', alias: 'assam' }))
    .body.data;
  const redirect = { resource: 'product', resourceId: product.id, path: '/old-assam' };
  const refused = await s.call('POST', '/api/v2/redirects.json', { ...redirect, target: '/assam' });
  assert.equal(refused.status, 422);
  assert.deepEqual(names(refused.body), ['target']);
  const made = await s.call('POST', '/api/v2/redirects.json', redirect);
  assert.equal(made.status, 200);
  assert.equal(made.body.data.target, '/assam');
  const update = await s.call('PUT', `/api/v2/redirects/${made.body.data.id}.json`, { target: '/elsewhere' });
  assert.equal(update.status, 422);
  const page = await s.call('POST', '/api/v2/redirects.json', {
    resource: 'page',
    resourceId: 4,
    path: '/p',
    target: null,
  });
  assert.equal(page.status, 422);
  const url = await s.call('POST', '/api/v2/redirects.json', {
    resource: 'url',
    path: '/old-catalogue',
    target: 'https://www.example.com/catalogue',
  });
  assert.equal(url.status, 200);
  assert.equal(url.body.data.target, 'https://www.example.com/catalogue');
  // Made dynamic, it keeps no target of its own.
  const dynamic = await s.call('PUT', `/api/v2/redirects/${url.body.data.id}.json`, {
    resource: 'category',
    resourceId: 9,
  });
  assert.equal(dynamic.status, 200);
  assert.equal(dynamic.body.data.target, null);
});

test('its dialect file: every body it states is accepted, and its `fields` are the variant’s own', async (t) => {
  const s = await startStrict();
  t.after(() => s.stop());
  const bodies = dialectFile.bodies as Record<string, Json>;
  assert.deepEqual(Object.keys(bodies).sort(), [
    'createAccessRole',
    'createContact',
    'createGeozone',
    'createInventory',
    'createProduct',
    'createProductDownload',
    'createProductMedia',
    'createProductPrice',
    'createProductSpecification',
    'createRedirect',
    'createSpecification',
    'createSpecificationValue',
    'createWebhook',
    'updateProductSpecification',
  ]);
  const product = (await s.call('POST', '/api/v2/products.json', bodies.createProduct)).body.data;
  const heading = (await s.call('POST', '/api/v2/specifications.json', bodies.createSpecification)).body.data;
  const paths: Record<string, string> = {
    createProductPrice: `/api/v2/products/${product.id}/prices.json`,
    createProductMedia: `/api/v2/products/${product.id}/media.json`,
    createProductDownload: `/api/v2/products/${product.id}/downloads.json`,
    createProductSpecification: `/api/products/${product.id}/specifications.json`,
    createSpecificationValue: `/api/v2/specifications/${heading.id}/values.json`,
    createAccessRole: '/api/v2/roles.json',
    createGeozone: '/api/v2/geozones.json',
    createInventory: '/api/v2/inventory.json',
    createRedirect: '/api/v2/redirects.json',
    createWebhook: '/api/v2/webhooks.json',
    createContact: '/api/contacts.json',
  };
  for (const [operationId, path] of Object.entries(paths)) {
    const body =
      operationId === 'createInventory' ? { ...bodies[operationId], productId: product.id } : bodies[operationId];
    const res = await s.call('POST', path, body);
    assert.equal(res.status, 200, `${operationId}: ${JSON.stringify(res.body)}`);
  }
  const stated = (f: (typeof fields)[number]) => ({ [f.create]: f.names });
  assert.deepEqual(dialectFile.fields, Object.assign({}, ...fields.map(stated)));
});
