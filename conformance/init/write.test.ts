// write.ts: proposals written as a dialect that parseDialect reads, TODO and "the same as ours" keys commented out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDialect } from '../lib/dialect.ts';
import type { Proposal } from './guess/index.ts';
import { sameKeysOf, todoKeysOf, writeDialect } from './write.ts';

const proposals: Proposal[] = [
  { key: 'v2Body', value: 'none', evidence: ['your addProduct takes the fields at the top'] },
  { key: 'contactBody', value: 'contact', same: true, evidence: ['your addContact is inside contact'] },
  { key: 'errors', evidence: [], todo: 'where an error answer lists its errors' },
  {
    key: 'fields.createProductPrice',
    value: { priceExcTax: 'unitPrice', currency: 'currencyCode' },
    entries: { priceExcTax: ['your addPrice has unitPrice (number) where ours has priceExcTax (number)'] },
    evidence: ['your addPrice: 0 of our 7 fields by our names'],
  },
  { key: 'fields.createGeozone', evidence: [], todo: 'your names for the geozone fields' },
  {
    key: 'checkout',
    evidence: [],
    todo: 'the request that starts a checkout',
    options: [{ value: { method: 'POST', path: '/x/checkouts' }, evidence: ['your startCheckout'] }],
  },
];

test('stated keys parse, TODO and same-as-ours keys stay comments, evidence above each', () => {
  const text = writeDialect(proposals, ['--from-openapi k3.yaml']);
  const { dialect, stated } = parseDialect(text, 'draft');
  assert.deepEqual([...stated].sort(), ['fields', 'v2Body']);
  assert.equal(dialect.v2Body, 'none');
  assert.deepEqual(dialect.fields.createProductPrice, {
    priceExcTax: { name: 'unitPrice' },
    currency: { name: 'currencyCode' },
  });
  assert.match(text, /^# From: --from-openapi k3\.yaml$/m);
  assert.match(
    text,
    /# {3}your addPrice has unitPrice \(number\) where ours has priceExcTax \(number\)\n {4}priceExcTax: unitPrice/,
  );
  assert.match(
    text,
    /^# TODO errors \(ours: \/errors; D-02\): where an error answer lists its errors\n# errors: \/errors$/m,
  );
  assert.match(text, /^# contactBody \(ours: contact; D-11\): the same as ours, so left unstated$/m);
  assert.match(
    text,
    /# {3}option 1:\n {2}# {3}your startCheckout\n# checkout:\n# {3}method: POST\n# {3}path: \/x\/checkouts/,
  );
  assert.deepEqual(todoKeysOf(text), ['errors', 'checkout', 'fields.createGeozone']);
  assert.deepEqual(sameKeysOf(text), ['contactBody']);
});

test('a draft stating nothing is an empty dialect, not a file of comments', () => {
  const text = writeDialect([{ key: 'v2Body', value: 'data', same: true, evidence: [] }], ['--probe URL']);
  assert.deepEqual([...parseDialect(text).stated], []);
  assert.match(text, /\n\{\}\n$/);
});
