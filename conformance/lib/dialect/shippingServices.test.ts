// `shippingServices` (D-18): where the target adds and removes its shipping services, and how it wraps one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { op } from '../contract.ts';
import { CONTRACT_DIALECT, fromTarget, parseDialect, toTarget } from './keys.ts';
import { shippingPathOf } from './shippingServices.ts';

test('shippingServices: our operations sent to its paths in its wrapper, its answers read where `id` points', () => {
  const d = parseDialect(
    'shippingServices: { path: /api/carriers.json, wrapper: carrier }\nfields: { createShippingService: { title: name } }',
  ).dialect;
  assert.deepEqual(d.shippingServices, {
    path: '/api/carriers.json',
    item: '/api/carriers/{id}.json',
    wrapper: 'carrier',
    id: '/carrier/id',
  });
  assert.equal(shippingPathOf(d, op('createShippingService')), '/api/carriers.json');
  assert.equal(shippingPathOf(d, op('deleteShippingService'), { id: 'a/b' }), '/api/carriers/a%2Fb.json');
  assert.equal(shippingPathOf(d, op('createProduct')), undefined);
  assert.equal(shippingPathOf(CONTRACT_DIALECT, op('createShippingService')), undefined);
  assert.deepEqual(toTarget(d, 'createShippingService', { shippingService: { title: 'C' } }), {
    carrier: { name: 'C' },
  });
  assert.deepEqual(fromTarget(d, 'getShippingService', 200, { carrier: { id: 5, name: 'C' } }), {
    carrier: { id: 5, name: 'C' },
    shippingService: { id: 5, title: 'C' },
  });
  const bare = parseDialect('shippingServices: { path: /api/carriers, id: /data/id }').dialect;
  assert.deepEqual(fromTarget(bare, 'listShippingServices', 200, { data: [{ id: 1 }] }), { data: [{ id: 1 }] });
  assert.deepEqual(toTarget(bare, 'updateShippingService', { shippingService: { title: 'C' } }), { title: 'C' });
  for (const bad of ['{ path: x }', '{ path: /x, item: /x/1 }', '{ path: /x, id: y }', '{ path: /x, other: 1 }'])
    assert.throws(() => parseDialect(`shippingServices: ${bad}`), /shippingServices must be .* \(ours: D-18\)$/);
});
