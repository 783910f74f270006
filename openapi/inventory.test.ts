// The inventory: every operation and §4.4 filter the source lists must be in the bundled document, with its
// x-source or x-decision. This table is written from the source on purpose: it checks the document against it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deref, doc } from './contract.ts';

const crud = (collection: string, item: string, extra: string[] = []) => [
  `GET ${collection}`,
  `POST ${collection}`,
  `GET ${item}`,
  `PUT ${item}`,
  `DELETE ${item}`,
  ...extra,
];
const expected: string[] = [
  'POST /admin/oauth/token.json',
  'POST /admin/oauth/token', // §4.1, D-05
  'POST /api/contacts.json',
  'GET /api/contacts/{id}.json',
  'PUT /api/contacts/{id}.json',
  'POST /api/contacts/{id}.json',
  'DELETE /api/contacts/{id}.json',
  'GET /api/contacts/search.json', // §4.2
  ...crud('/api/v2/products.json', '/api/v2/products/{id}.json'),
  ...crud('/api/v2/products/{productId}/prices.json', '/api/v2/products/{productId}/prices/{id}.json'),
  ...crud('/api/v2/products/{productId}/media.json', '/api/v2/products/{productId}/media/{mediaId}.json'),
  ...crud('/api/v2/products/{productId}/downloads.json', '/api/v2/products/{productId}/downloads/{id}.json'),
  'GET /api/products/{productId}/specifications.json',
  'POST /api/products/{productId}/specifications.json',
  'DELETE /api/products/{productId}/specifications/{id}.json',
  'GET /api/v2/products/{productId}/specifications/{id}.json',
  'PUT /api/v2/products/{productId}/specifications/{id}.json', // §4.3, exactly as listed
  ...crud('/api/v2/specifications.json', '/api/v2/specifications/{id}.json'),
  ...crud('/api/v2/specifications/{specId}/values.json', '/api/v2/specifications/{specId}/values/{id}.json'),
  ...crud('/api/v2/roles.json', '/api/v2/roles/{id}.json'),
  ...crud('/api/v2/geozones.json', '/api/v2/geozones/{id}.json'),
  ...crud('/api/v2/inventory.json', '/api/v2/inventory/{id}.json'),
  ...crud('/api/v2/redirects.json', '/api/v2/redirects/{id}.json'),
  ...crud('/api/v2/webhooks.json', '/api/v2/webhooks/{id}.json'),
  ...crud('/api/shipping/services.json', '/api/shipping/services/{id}.json'), // D-18
  'POST /api/v2/checkout/rates.json',
  'POST /api/v2/shipments.json',
  'GET /api/v2/shipments/{id}.json', // D-20
];

const suffixes = (field: string, ops: string[]) => ops.map((o) => `${field}:${o}`);
const dates = (f: string) => suffixes(f, ['min', 'max', 'after', 'before']);
const ids = ['id:in', ...suffixes('id', ['min', 'max', 'after', 'before'])];
const filters: Record<string, string[]> = {
  // §4.4
  'GET /api/v2/products.json': [
    'bandId',
    'bandId:in',
    'barcode:in',
    ...dates('createdOn'),
    ...ids,
    'manufacturerId',
    'manufacturerId:in',
    ...dates('modifiedOn'),
    'partNumber:in',
    'quickfind:in',
    ...suffixes('quickfind', ['min', 'max', 'after', 'before']),
    'sku:in',
    'status',
    'type',
  ],
  'GET /api/v2/inventory.json': [
    ...dates('createdOn'),
    ...ids,
    'locationId',
    'locationId:in',
    ...dates('modifiedOn'),
    'productId',
    'productId:in',
  ],
  'GET /api/v2/redirects.json': [...dates('createdOn'), ...ids, 'path', 'resource', 'resourceId:in', 'target'],
  'GET /api/v2/products/{productId}/downloads.json': [...ids, 'visibility'],
  'GET /api/v2/webhooks.json': [...dates('createdOn'), ...ids, ...dates('modifiedOn'), 'url'],
};

const operation = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return doc.paths[path]?.[method.toLowerCase()];
};

test('every operation of the source is in the document with x-source or x-decision', () => {
  for (const key of expected) {
    const o = operation(key);
    assert.ok(o, `${key} is missing`);
    assert.ok(o['x-source'] || o['x-decision'], `${key} has neither x-source nor x-decision`);
  }
});

test('the reference extensions are marked as such (D-20)', () => {
  for (const key of [
    'POST /api/v2/checkout/rates.json',
    'POST /api/v2/shipments.json',
    'GET /api/v2/shipments/{id}.json',
  ]) {
    assert.equal(operation(key)['x-reference-extension'], true, key);
  }
});

test('every §4.4 filter parameter exists on its operation with an x-filter declaration', () => {
  for (const [key, names] of Object.entries(filters)) {
    const o = operation(key);
    const params = [...(doc.paths[key.split(' ')[1]!].parameters ?? []), ...(o.parameters ?? [])].map(deref) as {
      name: string;
      'x-filter'?: unknown;
    }[];
    for (const name of names) {
      const p = params.find((x) => x.name === name);
      assert.ok(p, `${key} lacks the filter ${name}`);
      assert.ok(p['x-filter'], `${key} ${name} has no x-filter`);
    }
  }
});

test('callbacks for rate and label requests, and the event webhook, are described', () => {
  const callbacks = operation('POST /api/shipping/services.json').callbacks ?? {};
  assert.deepEqual(Object.keys(callbacks).sort(), ['labelRequest', 'rateRequest']);
  assert.ok(doc.webhooks?.resourceEvent?.post, 'webhooks.resourceEvent is missing');
});

test('every operation except the token endpoint is secured, listing its scopes (§5, D-07)', () => {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>)) {
    for (const [method, o] of Object.entries(item)) {
      if (method === 'parameters' || path.startsWith('/admin/oauth')) continue;
      assert.ok(Array.isArray(o.security) && o.security.length > 0, `${method} ${path} has no security`);
    }
  }
});
