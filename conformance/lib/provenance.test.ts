// Provenance: a source requirement's write carries only values of a known origin (lib/provenance.ts), and one that
// plants a value of ours without saying so is stopped before the target sees it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACT_DIALECT, parseDialect, type LoadedDialect } from './dialect.ts';
import { Ledger, oursIn, ProvenanceError, SOURCE_WRITABLE } from './provenance.ts';

const ours: LoadedDialect = { dialect: CONTRACT_DIALECT, stated: new Set() };
const contact = (fields: Record<string, unknown>) => ({ contact: { type: 'user', email: 'a@example.com', ...fields } });

test("§2.2's table gives the writable contact fields, not the read-only ones", () => {
  for (const f of ['type', 'email', 'firstname', 'address', 'accessRoles', 'tags', 'thumbnail', 'password'])
    assert.ok(SOURCE_WRITABLE.has(f), f);
  for (const f of ['id', 'hasPassword', 'created']) assert.ok(!SOURCE_WRITABLE.has(f), f);
});

test('a role of ours (D-34) in a contact is planted; a role the target listed or the run made is not', () => {
  const ledger = new Ledger();
  assert.deepEqual(ledger.attribute(ours, 'createContact', contact({ accessRoles: ['staff'] })).unattributed, [
    'accessRoles',
  ]);
  ledger.saw({ data: [{ id: 3, reference: 'member' }] });
  const listed = ledger.attribute(ours, 'createContact', contact({ accessRoles: ['member', { reference: 'member' }] }));
  assert.deepEqual(listed.unattributed, []);
  assert.deepEqual(listed.origins.accessRoles, { from: 'source' });
  assert.deepEqual(ledger.attribute(ours, 'createContact', contact({ accessRoles: [] })).unattributed, []);
});

test('a v2 field is planted unless the dialect states it, the target answered it, or it is declared', () => {
  const ledger = new Ledger();
  const body = { data: { currency: 'GBP', priceIncTax: 5.4, productId: 7 } };
  assert.deepEqual(ledger.attribute(ours, 'createProductPrice', body).unattributed, [
    'currency',
    'priceIncTax',
    'productId',
  ]);
  const stated = parseDialect(
    'bodies: { createProductPrice: { currency: EUR, amount: 1 } }\nfields: { createProductPrice: { priceExcTax: amount } }',
  );
  ledger.saw({ data: { id: 7 } });
  ledger.declare('updateProductPrice', ['priceIncTax'], 'D-30');
  const a = ledger.attribute(stated, 'createProductPrice', body);
  assert.deepEqual(a.unattributed, []);
  assert.deepEqual(a.origins, {
    '{data}': { from: 'ours', why: 'D-01' },
    currency: { from: 'dialect', key: 'bodies.createProductPrice' },
    priceIncTax: { from: 'ours', why: 'D-30' },
    productId: { from: 'target' },
  });
  assert.deepEqual(oursIn(a), [
    ['{data}', 'D-01'],
    ['priceIncTax', 'D-30'],
  ]);
});

test('an operation the source does not list is ours whole (the shipping services, D-18)', () => {
  const a = new Ledger().attribute(ours, 'createShippingService', { shippingService: { title: 'x' } });
  assert.deepEqual(a.unattributed, []);
  assert.equal(a.origins.title?.from, 'ours');
});

test("a source requirement's planted value stops it as the suite's error before anything is sent", async () => {
  // A target to address (none answers: the stand-in transport below takes the request), when no run has left one.
  process.env.TARGET_URL ??= 'http://127.0.0.1:9';
  const { Api } = await import('./api.ts');
  let sent = 0;
  const api = new Api(() => {
    sent++;
    throw new Error('nothing may be sent');
  });
  api.begin(false);
  await assert.rejects(
    api.untyped('createContact', { body: contact({ accessRoles: ['staff'] }) }),
    (err: unknown) => err instanceof ProvenanceError && /accessRoles/.test(err.message),
  );
  await assert.rejects(
    api.untyped('createProduct', { body: { data: { title: 'Tea', sku: 'T-1' } } }),
    (err: unknown) => err instanceof ProvenanceError && /title, sku/.test(err.message),
  );
  assert.equal(sent, 0);
  // Declared, the same body goes out (and, here, meets the stand-in transport).
  await assert.rejects(
    api.untyped('createProduct', {
      as: { token: 'a-token' },
      body: api.ours('createProduct', { data: { title: 'Tea', sku: 'T-1' } }),
    }),
    (err: unknown) => !(err instanceof ProvenanceError),
  );
  assert.equal(sent, 1);
});
