import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney, isoMinorUnits, roundMoney } from './money.ts';

test('D-22 minor units come from ISO 4217 through Intl', () => {
  assert.deepEqual(['JPY', 'GBP', 'EUR', 'USD', 'KWD', 'BHD'].map(isoMinorUnits), [0, 2, 2, 2, 3, 3]);
});

test('§2.10 decimal strings are formatted per currency, rounded half-up', () => {
  assert.equal(formatMoney(1200, 'JPY'), '1200');
  assert.equal(formatMoney(1199.5, 'JPY'), '1200');
  assert.equal(formatMoney(12, 'GBP'), '12.00');
  assert.equal(formatMoney(15.795, 'EUR'), '15.80');
  assert.equal(formatMoney(4.5, 'KWD'), '4.500');
  assert.equal(formatMoney(1.0005, 'BHD'), '1.001');
  assert.equal(roundMoney(1.755, 'KWD'), 1.755);
  assert.equal(roundMoney(2.675, 'GBP'), 2.68);
});
