// The check's static notes (static.ts): a trigger placeholder of a non-string type inside a longer string.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDialect } from '../lib/dialect.ts';
import { staticNotes } from './static.ts';

const checkout = (item: string) =>
  parseDialect(
    `checkout: { path: /checkouts, body: { lines: '{{items}}', note: 'to {{destination.countryCode}}' }, item: ${item} }`,
  );

test('a number inside text is noted; whole placeholders, and a string field inside text, are not', () => {
  const planted = checkout(`{ product: '{{productId}}', qty: '{{quantity}} pcs' }`);
  assert.deepEqual(staticNotes(planted.dialect, planted.stated), {
    checkout: ["checkout.item.qty: '{{quantity}} pcs' sends text where {{quantity}} is a number"],
  });
  const fine = checkout(`{ product: '{{productId}}', qty: '{{quantity}}', ref: 'p-{{productId}}x' }`);
  assert.deepEqual(staticNotes(fine.dialect, fine.stated), {
    checkout: ["checkout.item.ref: 'p-{{productId}}x' sends text where {{productId}} is a number"],
  });
  const whole = checkout(`{ product: '{{productId}}', qty: '{{quantity}}' }`);
  assert.deepEqual(staticNotes(whole.dialect, whole.stated), {});
});

test('a list or an object inside text is noted; an unstated trigger has none', () => {
  const d = parseDialect(
    `dispatch: { path: '/c/{{checkoutId}}/dispatch', body: { lines: 'items: {{items}}', to: '{{destination}}' } }`,
  );
  assert.deepEqual(staticNotes(d.dialect, d.stated), {
    dispatch: ["dispatch.body.lines: 'items: {{items}}' sends text where {{items}} is a list"],
  });
  const none = parseDialect('errors: /errors');
  assert.deepEqual(staticNotes(none.dialect, none.stated), {});
});
