import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operations } from '../../openapi/contract.ts';
import { findOperation } from './routes.ts';

test('every operation of the document is found at its own path, with its parameters', () => {
  for (const o of operations) {
    const path = o.path.replace(/\{(\w+)\}/g, '42');
    const found = findOperation(o.method, path);
    // A literal path wins over a template it also matches (searchContacts over getContact).
    const literal = operations.find((l) => l.method === o.method && !l.path.includes('{') && l.path === path);
    assert.equal(found.op?.operationId, (literal ?? o).operationId, `${o.method} ${path}`);
    for (const name of [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))
      if (!literal) assert.equal(found.params[name], '42', `${o.operationId} ${name}`);
  }
});

test('a literal path wins over a template it also matches', () => {
  assert.equal(findOperation('GET', '/api/contacts/search.json').op?.operationId, 'searchContacts');
  assert.equal(findOperation('GET', '/api/contacts/7.json').op?.operationId, 'getContact');
});

test('a known path with another method lists the methods it has (405); an unknown path none (404)', () => {
  const { op, allow } = findOperation('PATCH', '/api/v2/products/7.json');
  assert.equal(op, undefined);
  assert.deepEqual(allow.sort(), ['DELETE', 'GET', 'PUT']);
  assert.deepEqual(findOperation('GET', '/api/v2/products/7/extra.json'), { params: {}, allow: [] });
  assert.deepEqual(findOperation('GET', '/api/v2/productsX/7.json'), { params: {}, allow: [] });
  assert.deepEqual(findOperation('GET', ''), { params: {}, allow: [] });
});

test('a method a literal path lacks is a 405 listing its own methods, never a template that also matches it', () => {
  for (const method of ['PUT', 'POST', 'DELETE', 'PATCH'])
    assert.deepEqual(findOperation(method, '/api/contacts/search.json'), { params: {}, allow: ['GET'] }, method);
  assert.equal(findOperation('PUT', '/api/contacts/7.json').op?.operationId, 'updateContact');
});
