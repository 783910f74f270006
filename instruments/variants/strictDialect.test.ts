// The strictDialect variant over HTTP: its strict input, its built-in roles and geozones, its names and shapes of
// the fields §2.12 does not show (answers and deliveries alike), its derived redirect targets, its carriers and its
// checkout and dispatch triggers at paths of its own; and its dialect file, whose bodies it accepts and whose
// `fields`, `shippingServices`, `checkout` and `dispatch` are its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Json } from '../../openapi/contract.ts';
import type { ReferenceApp } from '../../reference-server/app.ts';
import { start } from '../../reference-server/testing.ts';
import strictDialect, { fields, triggers } from './strictDialect.ts';

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

/** The deliveries recorded so far whose `type` is `type`, parsed, once one has come (the worker sends them later). */
async function deliveriesOf(s: Awaited<ReturnType<typeof startStrict>>, type: string) {
  const of = () =>
    s.deliveries.map((d) => ({ ...d, parsed: JSON.parse(d.body) as Json })).filter((d) => d.parsed.type === type);
  for (let i = 0; i < 100 && of().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  return of();
}

/** A shipping App on 127.0.0.1: its rates offer `UK-48`, its labels answer one label per box; requests recorded. */
async function startCarrierApp() {
  const received: { path: string; body: Json }[] = [];
  const answers: Record<string, Json> = {
    '/rates': {
      rates: [
        {
          serviceCode: 'UK-48',
          title: 'Tracked 48',
          description: 'Delivered in 2 to 3 working days',
          currency: 'GBP',
          priceExcTax: 4.5,
          priceIncTax: 5.4,
          minDeliveryDate: '2026-11-25',
          maxDeliveryDate: '2026-11-26',
        },
      ],
    },
    '/labels': {
      label: {
        currency: 'GBP',
        image: 'data:image/png;base64,iVBORw0KGgo=',
        priceExcTax: '4.50',
        priceIncTax: '5.40',
        trackingNumber: 'TRK1',
      },
    },
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url!, body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers[req.url!]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

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
  const ctx = { db: s.app.services.db, now: new Date(), clientId: '', events: s.app.seams.outbox };
  const stored = s.app.seams.resources.productPrices.get(ctx, price.body.data.id, product.id);
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
    'createShippingService',
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
    createShippingService: dialectFile.shippingServices.path,
  };
  for (const [operationId, path] of Object.entries(paths)) {
    const body =
      operationId === 'createInventory'
        ? { ...bodies[operationId], productId: product.id }
        : operationId === 'createShippingService'
          ? { [dialectFile.shippingServices.wrapper]: bodies[operationId] }
          : bodies[operationId];
    const res = await s.call('POST', path, body);
    assert.equal(res.status, 200, `${operationId}: ${JSON.stringify(res.body)}`);
  }
  const stated = (f: (typeof fields)[number]) => ({ [f.create]: f.names });
  assert.deepEqual(dialectFile.fields, Object.assign({}, ...fields.map(stated)));
  const { list, ...at } = fields.find((f) => f.at)!.at!;
  assert.equal(list, 'carriers');
  assert.deepEqual(dialectFile.shippingServices, at);
  assert.deepEqual([dialectFile.checkout, dialectFile.dispatch], [triggers.checkout, triggers.dispatch]);
  assert.deepEqual(dialectFile.deliveries, {
    event: '/type',
    resource: '/payload',
    metadata: '/subscription/metadata',
  });
});

test('carriers: its shipping services at its paths, in its names; strict; our paths 404; deliveries alike', async (t) => {
  const s = await startStrict();
  t.after(() => s.stop());
  const hook = { url: 'https://app.example.com/hooks', events: ['shippingServices/*'], metadata: { team: 'ops' } };
  assert.equal((await s.call('POST', '/api/v2/webhooks.json', hook)).status, 200);
  const carrier = {
    name: 'Strict carrier',
    endpoints: { rates: 'https://carrier.example.com/rates' },
    surcharge: { fixed: 1.5, percent: 10 },
    calculators: [3],
  };
  const made = await s.call('POST', '/api/logistics/carriers', { carrier });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const { id, created, ...rest } = made.body.carrier;
  assert.ok(Number.isInteger(id) && typeof created === 'string');
  assert.deepEqual(rest, {
    name: 'Strict carrier',
    active: true,
    endpoints: { rates: 'https://carrier.example.com/rates', labels: null },
    surcharge: { fixed: 1.5, percent: 10 },
    currency: 'GBP',
    calculators: [3],
  });
  const item = `/api/logistics/carriers/${id}`;
  assert.deepEqual((await s.call('GET', item)).body, made.body);
  const list = await s.call('GET', '/api/logistics/carriers?pageNumber=1&pageSize=10');
  assert.deepEqual(list.body, { carriers: [made.body.carrier] });
  const changed = await s.call('PUT', item, {
    carrier: { active: false, endpoints: { labels: 'https://carrier.example.com/labels' } },
  });
  assert.equal(changed.status, 200);
  assert.deepEqual(
    [changed.body.carrier.active, changed.body.carrier.endpoints],
    [false, { rates: 'https://carrier.example.com/rates', labels: 'https://carrier.example.com/labels' }],
  );

  // Strict: our names, our wrapper, a key it does not have inside its objects, read-only fields: each refused, named
  // as sent; our errors name its fields.
  const ours = await s.call('POST', '/api/logistics/carriers', {
    carrier: {
      name: 'X',
      ratesUrl: 'https://carrier.example.com/rates',
      endpoints: { rates: 'https://a.example.com', extra: 1 },
    },
  });
  assert.equal(ours.status, 422);
  assert.deepEqual(names(ours.body).sort(), ['carrier.endpoints.extra', 'carrier.ratesUrl']);
  const wrapper = await s.call('POST', '/api/logistics/carriers', { shippingService: { title: 'X' } });
  assert.equal(wrapper.status, 422);
  assert.deepEqual(names(wrapper.body).sort(), ['carrier', 'shippingService']);
  const readOnly = await s.call('PUT', item, { carrier: { id: 9, created: made.body.carrier.created } });
  assert.equal(readOnly.status, 422);
  assert.deepEqual(names(readOnly.body).sort(), ['carrier.created', 'carrier.id']);
  const required = await s.call('POST', '/api/logistics/carriers', { carrier: { endpoints: { rates: 'ftp://x' } } });
  assert.equal(required.status, 422);
  assert.deepEqual(required.body.problems.map((p: Json) => [p.name, p.message]).sort(), [
    ['carrier.endpoints.rates', 'must match pattern "^https?://"'],
    ['carrier.name', "must have required property 'carrier.name'"],
  ]);

  // Moved: our paths are paths it does not serve, in its error envelope.
  for (const [method, path] of [
    ['GET', '/api/shipping/services.json'],
    ['POST', '/api/shipping/services.json'],
    ['GET', `/api/shipping/services/${id}.json`],
    ['DELETE', `/api/shipping/services/${id}.json`],
  ] as const) {
    const moved = await s.call(method, path, { shippingService: { title: 'X', ratesUrl: 'https://a.example.com' } });
    assert.equal(moved.status, 404, `${method} ${path}`);
    assert.deepEqual(names(moved.body), ['path']);
  }

  const deleted = await s.call('DELETE', item);
  assert.equal(deleted.status, 200);
  assert.equal(deleted.body.carrier.id, id);
  assert.equal((await s.call('GET', item)).status, 404);

  // Its deliveries carry the carrier in its names, and the subscription's metadata under the subscription.
  const [added] = await deliveriesOf(s, 'shippingServices/added');
  assert.ok(added);
  assert.deepEqual([added.parsed.payload.name, added.parsed.payload.endpoints], [rest.name, rest.endpoints]);
  assert.ok(!('title' in added.parsed.payload) && !('ratesUrl' in added.parsed.payload));
  assert.deepEqual(added.parsed.subscription, { metadata: { team: 'ops' } });
  assert.ok(!('metadata' in added.parsed));
});

test('its checkout and dispatch triggers: rate and label requests, its shapes, strict; our paths 404', async (t) => {
  const s = await startStrict();
  const carrierApp = await startCarrierApp();
  t.after(async () => {
    carrierApp.stop();
    await s.stop();
  });
  const product = (await s.call('POST', '/api/v2/products.json', { title: 'Assam', sku: 'ASSAM-3' })).body.data;
  const carrier = (
    await s.call('POST', '/api/logistics/carriers', {
      carrier: { name: 'Local', endpoints: { rates: `${carrierApp.base}/rates`, labels: `${carrierApp.base}/labels` } },
    })
  ).body.carrier;
  const shipTo = {
    firstname: 'Ada',
    lastname: 'Lovelace',
    line1: '12 Marylebone Road',
    city: 'London',
    countryCode: 'GB',
    zip: 'NW1 5LR',
  };
  const basket = { currency: 'GBP', lines: [{ product: product.id, units: 2 }] };

  const checkout = await s.call('POST', '/api/testing/checkouts', { basket, shipTo });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  assert.deepEqual(Object.keys(checkout.body), ['checkout']);
  const { id, currency, parcels, offers } = checkout.body.checkout;
  assert.match(id, /^[0-9a-f-]{36}$/);
  assert.equal(currency, 'GBP');
  assert.equal(parcels.length, 1);
  assert.deepEqual(
    parcels[0].items.map((i: Json) => [i.id, i.quantity]),
    [[product.id, 2]],
  );
  assert.equal(parcels[0].destination.zip, 'NW1 5LR');
  assert.deepEqual(offers, [
    {
      code: 'UK-48',
      carrierId: carrier.id,
      name: 'Tracked 48',
      details: 'Delivered in 2 to 3 working days',
      price: { currency: 'GBP', net: 4.5, gross: 5.4 },
      arrives: { earliest: '2026-11-25', latest: '2026-11-26' },
    },
  ]);
  assert.deepEqual(
    carrierApp.received.map((r) => r.path),
    ['/rates'],
  );

  const dispatch = await s.call('POST', `/api/testing/checkouts/${id}/dispatch`, {
    carrierId: carrier.id,
    code: 'UK-48',
  });
  assert.equal(dispatch.status, 200, JSON.stringify(dispatch.body));
  assert.deepEqual(Object.keys(dispatch.body), ['dispatch']);
  const shipped = dispatch.body.dispatch;
  assert.deepEqual(Object.keys(shipped).sort(), ['carrierId', 'code', 'createdOn', 'currency', 'id', 'parcels']);
  assert.deepEqual([shipped.carrierId, shipped.code, shipped.currency], [carrier.id, 'UK-48', 'GBP']);
  assert.deepEqual(
    shipped.parcels.map((p: Json) => [p.labelStatus, p.trackingNumber]),
    [['created', 'TRK1']],
  );
  assert.deepEqual(
    shipped.parcels[0].items.map((i: Json) => [i.id, i.quantity]),
    [[product.id, 2]],
  );
  assert.deepEqual(
    carrierApp.received.map((r) => r.path),
    ['/rates', '/labels'],
  );
  assert.equal(carrierApp.received[1]!.body.delivery.serviceCode, 'UK-48');
  // The shipment it made reads back at our path, which it keeps.
  assert.equal((await s.call('GET', `/api/v2/shipments/${shipped.id}.json`)).body.data.id, shipped.id);

  // A checkout it does not know is not there; our errors name its fields.
  const unknown = await s.call('POST', '/api/testing/checkouts/4b1e0f7e-0000-4000-8000-000000000000/dispatch', {
    carrierId: carrier.id,
    code: 'UK-48',
  });
  assert.equal(unknown.status, 404);
  assert.ok(Array.isArray(unknown.body.problems));
  const noCarrier = await s.call('POST', `/api/testing/checkouts/${id}/dispatch`, {
    carrierId: carrier.id + 99,
    code: 'UK-48',
  });
  assert.equal(noCarrier.status, 422);
  assert.deepEqual(names(noCarrier.body), ['carrierId']);
  const wrong = await s.call('POST', `/api/testing/checkouts/${id}/dispatch`, {
    shippingServiceId: carrier.id,
    code: '',
  });
  assert.equal(wrong.status, 422);
  assert.deepEqual(names(wrong.body).sort(), ['carrierId', 'code', 'shippingServiceId']);

  // Strict: its checkout body by its own names only.
  const strict = await s.call('POST', '/api/testing/checkouts', {
    basket: { ...basket, lines: [{ product: product.id, units: 2, productId: 1 }], extra: 1 },
    shipTo: { ...shipTo, postcode: 'x' },
    items: [],
  });
  assert.equal(strict.status, 422);
  assert.deepEqual(names(strict.body).sort(), ['basket.extra', 'basket.lines.0.productId', 'items', 'shipTo.postcode']);
  const invalid = await s.call('POST', '/api/testing/checkouts', {
    basket: { currency: 'gbp', lines: [{ product: product.id + 99, units: 0 }] },
    shipTo: 'London',
  });
  assert.equal(invalid.status, 422);
  assert.deepEqual(names(invalid.body).sort(), ['basket.currency', 'basket.lines.0.units', 'shipTo']);
  const noProduct = await s.call('POST', '/api/testing/checkouts', {
    basket: { currency: 'GBP', lines: [{ product: product.id + 99, units: 1 }] },
    shipTo,
  });
  assert.equal(noProduct.status, 422);
  assert.deepEqual(names(noProduct.body), ['basket.lines.0.product']);

  // Moved: our triggers are paths it does not serve.
  const rates = await s.call('POST', '/api/v2/checkout/rates.json', {
    currency: 'GBP',
    destination: shipTo,
    items: [],
  });
  assert.equal(rates.status, 404);
  const shipments = await s.call('POST', '/api/v2/shipments.json', { currency: 'GBP' });
  assert.equal(shipments.status, 404);
});
