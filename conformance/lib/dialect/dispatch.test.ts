// `dispatch` (D-20, D-49): the target's request that starts a dispatch, the chosen option among what it fills.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACT_DIALECT, parseDialect } from './keys.ts';
import { placeholders } from './trigger.ts';

test("dispatch: the checkout's id and the chosen option filled too; ours where it states none", () => {
  assert.equal(CONTRACT_DIALECT.dispatch, undefined);
  const { dispatch } = parseDialect('dispatch: { path: "/api/test/checkouts/{{checkoutId}}/ship" }').dialect;
  assert.deepEqual(placeholders(dispatch?.path), ['checkoutId']);
  assert.deepEqual(placeholders(dispatch?.body).sort(), [
    'currency',
    'destination',
    'items',
    'serviceCode',
    'shippingServiceId',
  ]);
  assert.throws(() => parseDialect('dispatch: { method: FETCH, path: /x, answer: { boxes: parcels } }'), {
    problems: [
      'dialect: dispatch.method must be GET, POST, PUT, PATCH or DELETE (ours: D-20)',
      'dialect: dispatch.answer.boxes must be a JSON pointer, or { at, each } for a list (ours: D-20)',
    ],
  });
});
