// `v2Body` (D-01): a v2 write body in `data` or bare; an add relying on it, unstated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assumedFor, CONTRACT_DIALECT, parseDialect, toTarget } from './keys.ts';

test('v2Body: data or none, the write body sent bare under none, the add relying on it when unstated', () => {
  assert.equal(CONTRACT_DIALECT.v2Body, 'data');
  const bare = parseDialect('v2Body: none');
  assert.deepEqual(toTarget(bare.dialect, 'createProduct', { data: { sku: 'A' } }), { sku: 'A' });
  assert.deepEqual(toTarget(CONTRACT_DIALECT, 'updateProduct', { data: { sku: 'A' } }), { data: { sku: 'A' } });
  // A contact body is not a v2 body.
  assert.deepEqual(toTarget(bare.dialect, 'createContact', { contact: { type: 'guest' } }), {
    contact: { type: 'guest' },
  });
  assert.equal(assumedFor(bare, 'createProduct')?.keys, 'bodies.createProduct');
  assert.throws(() => parseDialect('v2Body: wrapped', 'd.yaml'), {
    problems: ['d.yaml: v2Body must be `data` or `none` (ours: D-01)'],
  });
});
