// The "as returned" tables read from the source: every field of §2.3–§2.8 and of an App's answers (§2.10 `rates`,
// §2.11 `label`) with a type the checker knows, and the checker holding a value to exactly what its type cell says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headingOf, parseType, returnedFields, typeProblem } from './returned.ts';

test('every field of §2.3–§2.8 is read, with its type', () => {
  const product = returnedFields('2.3');
  assert.equal(product.get('status')?.kind, 'string');
  assert.deepEqual(product.get('status')?.values, ['admin', 'public']);
  assert.deepEqual(product.get('type')?.values, ['physical', 'virtual']);
  assert.equal(product.get('priceType')?.values, undefined, 'a value shown as returned is an example, not a list');
  assert.equal(product.get('discontinuedBy')?.kind, 'any');
  assert.equal(product.get('publishEndOn')?.kind, 'date-time');
  assert.ok(['sku', 'barcode', 'commodityCode', 'isIndexable', 'countRating'].every((f) => product.has(f)));
  assert.equal(product.size, 56);
  assert.equal(returnedFields('2.4').get('quantityReserved')?.kind, 'number');
  assert.deepEqual(returnedFields('2.5').get('resource')?.values, ['page', 'category', 'product', 'url']);
  assert.equal(returnedFields('2.6').get('file')?.absoluteUrl, true);
  assert.equal(returnedFields('2.7').get('image')?.absoluteUrl, true);
  const webhook = returnedFields('2.8');
  assert.equal(webhook.get('events')?.stringItems, true);
  assert.equal(webhook.get('metadata')?.stringValues, true);
  assert.equal(headingOf('2.3'), 'Product (v2), as returned');
  assert.equal(headingOf('2.8'), 'Webhook (v2), as returned');
});

test('a value has a type as its cell says; null is every unset optional field (§2.1)', () => {
  const t = (text: string, v: unknown) => typeProblem(parseType(text), v);
  assert.equal(t('number', 3), undefined);
  assert.match(t('number', '3') ?? '', /is not number/);
  assert.equal(t('number or null', null), undefined);
  assert.equal(t('boolean', null), undefined);
  assert.match(t('boolean', 1) ?? '', /is not boolean/);
  assert.equal(t('date-time', '2024-05-01T10:00:00+00:00'), undefined);
  assert.equal(t('date-time', '2024-05-01T10:00:00Z'), undefined);
  assert.equal(t('date-time', '2024-05-01T10:00:00.250-05:30'), undefined);
  assert.match(t('date-time', '2024-05-01T10:00:00') ?? '', /is not date-time/);
  assert.match(t('date-time', '2024-05-01') ?? '', /is not date-time/);
  assert.equal(t('string; `physical` or `virtual`', 'virtual'), undefined);
  assert.match(t('string; `physical` or `virtual`', 'digital') ?? '', /is not/);
  assert.equal(t('string (a `buy` value is returned; other values not shown)', 'rent'), undefined);
  assert.equal(t('string; absolute URL', 'https://cdn.example.com/a.pdf'), undefined);
  assert.match(t('string; absolute URL', '/files/a.pdf') ?? '', /is not/);
  assert.equal(t('array of strings; event name patterns', ['products/*']), undefined);
  assert.match(t('array of strings; event name patterns', [1]) ?? '', /is not/);
  assert.equal(t('object of string keys to string values, chosen by the App', { a: 'b' }), undefined);
  assert.match(t('object of string keys to string values, chosen by the App', { a: 1 }) ?? '', /is not/);
  assert.equal(t('null or value', 42), undefined);
  assert.throws(() => parseType('decimal'), /a type the tables do not use/);
});

test("an App's answers: §2.10's rates table and §2.11's label table, after the request's tables", () => {
  const rate = returnedFields('2.10', 'The response body is');
  assert.deepEqual(
    [...rate.keys()],
    [
      'serviceCode',
      'title',
      'description',
      'currency',
      'priceExcTax',
      'priceIncTax',
      'minDeliveryDate',
      'maxDeliveryDate',
    ],
  );
  assert.equal(rate.get('priceExcTax')?.kind, 'number');
  assert.equal(rate.get('minDeliveryDate')?.date, true);
  const label = returnedFields('2.11', 'The response body is');
  assert.deepEqual([...label.keys()], ['currency', 'image', 'priceExcTax', 'priceIncTax', 'trackingNumber']);
  assert.equal(label.get('priceIncTax')?.decimal, true);
  assert.throws(() => returnedFields('2.10', 'No such line'), /no line starting/);
  const t = (text: string, v: unknown) => typeProblem(parseType(text), v);
  assert.equal(t('string date', '2026-02-28'), undefined);
  assert.match(t('string date', '2026-02-30') ?? '', /is not string date/);
  assert.match(t('string date', '2026-2-3') ?? '', /is not string date/);
  assert.match(t('string date', '2026-02-28T00:00:00Z') ?? '', /is not string date/);
  assert.equal(t('string decimal', '4.50'), undefined);
  assert.equal(t('string decimal', '1250'), undefined);
  assert.match(t('string decimal', 4.5) ?? '', /is not string decimal/);
  assert.match(t('string decimal', '4,50') ?? '', /is not string decimal/);
});
