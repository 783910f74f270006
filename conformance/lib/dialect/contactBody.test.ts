// `contactBody` (D-11): contact requests and answers in `contact` or bare, one form for both or each its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assumedFor, CONTRACT_DIALECT, fromTarget, parseDialect, toTarget } from './keys.ts';

test('contactBody: one form for both, or { request, answer }; a bare answer read in our wrapper', () => {
  assert.deepEqual([CONTRACT_DIALECT.contactBody, CONTRACT_DIALECT.contactAnswer], ['contact', 'contact']);
  const bare = parseDialect('contactBody: none').dialect;
  assert.deepEqual([bare.contactBody, bare.contactAnswer], ['none', 'none']);
  assert.deepEqual(toTarget(bare, 'updateContact', { contact: { email: 'a@example.com' } }), {
    email: 'a@example.com',
  });
  assert.deepEqual(fromTarget(bare, 'getContact', 200, { id: 7 }), { contact: { id: 7 } });
  // Already wrapped, an error, or an answer our contract does not wrap: left as it came.
  assert.deepEqual(fromTarget(bare, 'getContact', 200, { contact: { id: 7 } }), { contact: { id: 7 } });
  assert.deepEqual(fromTarget(bare, 'getContact', 404, { id: 7 }), { id: 7 });
  const half = parseDialect('contactBody: { answer: none }').dialect;
  assert.deepEqual([half.contactBody, half.contactAnswer], ['contact', 'none']);
  const assumed = assumedFor({ dialect: CONTRACT_DIALECT, stated: new Set() }, 'createContact');
  assert.equal(assumed?.keys, 'contactBody and bodies.createContact');
  assert.match(assumed?.decisions ?? '', /\bD-11\b/);
  assert.equal(
    assumedFor({ dialect: CONTRACT_DIALECT, stated: new Set(['contactBody']) }, 'createContact')?.keys,
    'bodies.createContact',
  );
  assert.throws(() => parseDialect('contactBody: { request: none, other: none }', 'd.yaml'), {
    problems: [
      'd.yaml: contactBody must be `contact` or `none` (requests and answers), or `{ request, answer }`, each `contact` or `none` (ours: D-11)',
    ],
  });
});
