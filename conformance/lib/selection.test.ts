import assert from 'node:assert/strict';
import { test } from 'node:test';
import { selector, termsOf } from './selection.ts';

const reqs = [
  { id: 'createContact.auth.bad-token', area: 'auth', location: 'requirements/auth.ts:120' },
  { id: 'createContact.max-length.firstname', area: 'contacts', location: 'requirements/contacts/fields.ts:88' },
  { id: 'listProducts.auth.bad-token', area: 'auth', location: 'requirements/auth.ts:120' },
  { id: 'getProduct.status.inactive', area: 'products', location: 'requirements/products.ts:161' },
];
const ids = (only?: string, areas?: string) => reqs.filter(selector(only, areas)).map((r) => r.id);

test('no terms select everything', () =>
  assert.deepEqual(
    ids(),
    reqs.map((r) => r.id),
  ));
test('an exact id selects that requirement only', () =>
  assert.deepEqual(ids('getProduct.status.inactive'), ['getProduct.status.inactive']));
test('a dot is literal, * spans anything', () => {
  assert.deepEqual(ids('createContact.*'), ['createContact.auth.bad-token', 'createContact.max-length.firstname']);
  assert.deepEqual(ids('*.auth.bad-token'), ['createContact.auth.bad-token', 'listProducts.auth.bad-token']);
  assert.deepEqual(ids('createContactXauth*'), []);
});
test('@area and --area select by area; both lists must match', () => {
  assert.deepEqual(ids('@products'), ['getProduct.status.inactive']);
  assert.deepEqual(ids(undefined, 'auth'), ['createContact.auth.bad-token', 'listProducts.auth.bad-token']);
  assert.deepEqual(ids('createContact.*', 'auth'), ['createContact.auth.bad-token']);
});
test('file:line selects the requirements declared there', () => {
  assert.deepEqual(ids('products.ts:161'), ['getProduct.status.inactive']);
  assert.deepEqual(ids('contacts/fields.ts:88'), ['createContact.max-length.firstname']);
  assert.deepEqual(ids('requirements/auth.ts:120'), ['createContact.auth.bad-token', 'listProducts.auth.bad-token']);
  assert.deepEqual(ids('ducts.ts:161'), []);
});
test('a leading - leaves out what it matches', () => {
  assert.deepEqual(ids('-@auth'), ['createContact.max-length.firstname', 'getProduct.status.inactive']);
  assert.deepEqual(ids('createContact.*,-*.bad-token'), ['createContact.max-length.firstname']);
  assert.deepEqual(ids('-getProduct.status.inactive', 'products'), []);
});
test('terms are trimmed and empty ones dropped', () => assert.deepEqual(termsOf(' a, ,b '), ['a', 'b']));
