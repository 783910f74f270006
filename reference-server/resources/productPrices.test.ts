// Product prices (D-30): what an add leaves out takes the defaults the contract states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { start } from '../testing.ts';

test('an added price without priceIncTax has its priceExcTax there, and a quantity break of 1', async (t) => {
  const s = await start();
  t.after(() => s.stop());
  const product = (await s.call('POST', '/api/v2/products.json', { data: { title: 'Tea', sku: 'TEA-P1' } })).body.data;
  const path = `/api/v2/products/${product.id}/prices.json`;
  const price = (await s.call('POST', path, { data: { currency: 'GBP', priceExcTax: 4.5 } })).body.data;
  assert.equal(price.priceIncTax, 4.5);
  assert.equal(price.quantityMin, 1);
  const both = (await s.call('POST', path, { data: { currency: 'GBP', priceExcTax: 4.5, priceIncTax: 5.4 } })).body
    .data;
  assert.equal(both.priceIncTax, 5.4);
});
