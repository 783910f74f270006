// `checkout` (D-20): the target's request that starts a checkout, read with our templates where it states none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACT_DIALECT, parseDialect } from './keys.ts';
import { answerOf, fillTemplate, placeholders } from './trigger.ts';

test('checkout: its templates, ours where it states none; its answer read in our form', () => {
  assert.equal(CONTRACT_DIALECT.checkout, undefined);
  const { checkout } = parseDialect(
    'checkout: { path: /api/test/checkouts, body: { lines: "{{items}}" }, answer: { id: /checkout/id } }',
  ).dialect;
  assert.equal(checkout?.method, 'POST');
  assert.deepEqual(placeholders(checkout?.item), ['productId', 'quantity']);
  assert.deepEqual(fillTemplate(checkout?.body, { items: [{ p: 1 }] }), { lines: [{ p: 1 }] });
  assert.deepEqual(answerOf(checkout, { checkout: { id: 'c1' } }), { id: 'c1' });
  assert.throws(() => parseDialect('checkout: 3', 'd.yaml'), /d\.yaml: checkout must be \{ method, path, body/);
  assert.throws(() => parseDialect('checkout: { path: /x, body: { c: "{{checkoutId}}" } }'), {
    problems: [
      'dialect: checkout.body: {{checkoutId}} is not a value the suite fills ({{items}}, {{currency}}, {{destination}}, {{dispatchDate}}) (ours: D-20)',
    ],
  });
});
