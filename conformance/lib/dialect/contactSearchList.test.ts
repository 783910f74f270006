// `contactSearchList` (D-11): where the contact search answer holds its list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACT_DIALECT, fromTarget, parseDialect } from './keys.ts';

test('contactSearchList: a JSON pointer, its list read at our `contacts`', () => {
  assert.equal(CONTRACT_DIALECT.contactSearchList, '/contacts');
  const results = parseDialect('contactSearchList: /results').dialect;
  assert.deepEqual(fromTarget(results, 'searchContacts', 200, { results: [{ id: 1 }] }), {
    results: [{ id: 1 }],
    contacts: [{ id: 1 }],
  });
  const bare = parseDialect("contactSearchList: ''").dialect;
  assert.deepEqual(fromTarget(bare, 'searchContacts', 200, [{ id: 1 }]), { contacts: [{ id: 1 }] });
  // Only the search's success.
  assert.deepEqual(fromTarget(results, 'searchContacts', 400, { results: 1 }), { results: 1 });
  assert.throws(() => parseDialect('contactSearchList: results', 'd.yaml'), {
    problems: ['d.yaml: contactSearchList must be a JSON pointer (`/contacts`, or `` for a bare array) (ours: D-11)'],
  });
});
