import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aggregate, convert, round2, type Rate, type ServiceSettings } from './aggregate.ts';

const table = { GBP: 1, EUR: 1.17, USD: 1.27 };
const service = (over: Partial<ServiceSettings> = {}): ServiceSettings => ({
  id: 1,
  title: 'Courier',
  fixedModifier: 0,
  percentageModifier: 0,
  currency: 'GBP',
  ...over,
});
const rate = (serviceCode: string, priceExcTax: number, over: Partial<Rate> = {}): Rate => ({
  serviceCode,
  title: `Title ${serviceCode}`,
  description: `About ${serviceCode}`,
  currency: 'GBP',
  priceExcTax,
  priceIncTax: round2(priceExcTax * 1.2),
  minDeliveryDate: '2026-11-25',
  maxDeliveryDate: '2026-11-26',
  ...over,
});

test('D-22 only options offered for every delivery are kept (§4.5 rule 8)', () => {
  const options = aggregate(
    [
      {
        service: service(),
        deliveries: [
          [rate('A', 1), rate('B', 2), rate('C', 3)],
          [rate('C', 3), rate('A', 1)],
        ],
      },
    ],
    'GBP',
    table,
  );
  assert.deepEqual(
    options.map((o) => o.serviceCode),
    ['A', 'C'],
  );
});

test('D-22 prices are summed over the deliveries', () => {
  const [a] = aggregate(
    [{ service: service(), deliveries: [[rate('A', 4.5)], [rate('A', 3.25)], [rate('A', 1)]] }],
    'GBP',
    table,
  );
  assert.equal(a!.priceExcTax, 8.75);
  assert.equal(a!.priceIncTax, round2(5.4 + 3.9 + 1.2));
  assert.equal(a!.currency, 'GBP');
  assert.equal(a!.shippingServiceId, 1);
  assert.equal(a!.title, 'Title A');
});

test('D-22 percentage then fixed modifier (§4.5 rule 10)', () => {
  const [a] = aggregate(
    [
      {
        service: service({ percentageModifier: 10, fixedModifier: 1.5 }),
        deliveries: [[rate('A', 10, { priceIncTax: 12 })]],
      },
    ],
    'GBP',
    table,
  );
  assert.equal(a!.priceExcTax, 12.5); // 10 × 1.1 + 1.5
  assert.equal(a!.priceIncTax, 14.7); // 12 × 1.1 + 1.5
});

test('D-22 a differing currency is converted, not rejected (§7)', () => {
  const [a] = aggregate(
    [{ service: service(), deliveries: [[rate('A', 11.7, { currency: 'EUR', priceIncTax: 14.04 })], [rate('A', 5)]] }],
    'GBP',
    table,
  );
  assert.equal(a!.priceExcTax, 15); // 11.70 EUR = 10.00 GBP, + 5
  assert.equal(a!.priceIncTax, 18); // 14.04 EUR = 12.00 GBP, + 6
  assert.equal(round2(convert(10, 'GBP', 'USD', table)!), 12.7);
  assert.equal(round2(convert(12.7, 'USD', 'EUR', table)!), 11.7);
});

test('D-22 the fixed modifier is converted from the service currency to the cart currency', () => {
  const [a] = aggregate(
    [{ service: service({ fixedModifier: 1.17, currency: 'EUR' }), deliveries: [[rate('A', 10)]] }],
    'GBP',
    table,
  );
  assert.equal(a!.priceExcTax, 11);
});

test('D-22 a service whose prices cannot be converted is dropped', () => {
  const options = aggregate(
    [
      { service: service({ id: 1 }), deliveries: [[rate('A', 1, { currency: 'JPY' })]] },
      { service: service({ id: 2 }), deliveries: [[rate('A', 1)]] },
    ],
    'GBP',
    table,
  );
  assert.deepEqual(
    options.map((o) => o.shippingServiceId),
    [2],
  );
});

test('D-22 results are rounded to 2 decimals', () => {
  const [a] = aggregate(
    [
      {
        service: service({ percentageModifier: 12.5 }),
        deliveries: [[rate('A', 0.1)], [rate('A', 0.2)], [rate('A', 1.005)]],
      },
    ],
    'GBP',
    table,
  );
  assert.equal(a!.priceExcTax, 1.47); // 1.305 × 1.125 = 1.468125
  const [b] = aggregate([{ service: service(), deliveries: [[rate('A', 1, { currency: 'USD' })]] }], 'EUR', table);
  assert.equal(b!.priceExcTax, 0.92); // 1 / 1.27 × 1.17 = 0.9212…
  const [c] = aggregate(
    [{ service: service(), deliveries: [[rate('A', 4.5)], [rate('A', 4.5)], [rate('A', 4.5)]] }],
    'EUR',
    table,
  );
  assert.equal(c!.priceExcTax, 15.8); // 13.50 GBP × 1.17 = 15.795, half-up despite binary floating point
  assert.equal(round2(1.005), 1.01);
  assert.equal(round2(2.675), 2.68);
});

test('D-22 a negative modifier never makes a negative price', () => {
  const [a] = aggregate([{ service: service({ fixedModifier: -5 }), deliveries: [[rate('A', 2)]] }], 'GBP', table);
  assert.equal(a!.priceExcTax, 0);
});

test('D-22 delivery dates are the latest over the deliveries', () => {
  const [a] = aggregate(
    [
      {
        service: service(),
        deliveries: [
          [rate('A', 1, { minDeliveryDate: '2026-11-25', maxDeliveryDate: '2026-12-01' })],
          [rate('A', 1, { minDeliveryDate: '2026-11-27', maxDeliveryDate: '2026-11-28' })],
        ],
      },
    ],
    'GBP',
    table,
  );
  assert.equal(a!.minDeliveryDate, '2026-11-27');
  assert.equal(a!.maxDeliveryDate, '2026-12-01');
});

test('D-22 each service keeps its own options; services with no common option add nothing', () => {
  const options = aggregate(
    [
      { service: service({ id: 1 }), deliveries: [[rate('A', 1)], [rate('B', 1)]] },
      { service: service({ id: 2 }), deliveries: [[rate('A', 2)], [rate('A', 3)]] },
    ],
    'GBP',
    table,
  );
  assert.deepEqual(
    options.map((o) => [o.shippingServiceId, o.serviceCode, o.priceExcTax]),
    [[2, 'A', 5]],
  );
});

test("D-22 totals have the cart currency's minor units (ISO 4217), after conversion too", () => {
  const wide = { ...table, JPY: 190, KWD: 0.39 };
  const [jpy] = aggregate([{ service: service(), deliveries: [[rate('A', 4.5)]] }], 'JPY', wide);
  assert.equal(jpy!.priceExcTax, 855); // 4.50 GBP × 190
  const [yen] = aggregate(
    [{ service: service({ percentageModifier: 10 }), deliveries: [[rate('A', 1234, { currency: 'JPY' })]] }],
    'JPY',
    wide,
  );
  assert.equal(yen!.priceExcTax, 1357); // 1357.4
  const [kwd] = aggregate([{ service: service(), deliveries: [[rate('A', 4.5)]] }], 'KWD', wide);
  assert.equal(kwd!.priceExcTax, 1.755); // 4.50 GBP × 0.39
  const [gbp] = aggregate([{ service: service(), deliveries: [[rate('A', 1000, { currency: 'JPY' })]] }], 'GBP', wide);
  assert.equal(gbp!.priceExcTax, 5.26); // 1000 / 190
});

test('D-59 landed costs stay in the price: nothing is separated', () => {
  const [a] = aggregate(
    [{ service: service(), deliveries: [[rate('A', 10, { landedCosts: 3 })], [rate('A', 5, { landedCosts: 1 })]] }],
    'GBP',
    table,
  );
  assert.equal(a!.priceExcTax, 15);
  assert.equal('landedCosts' in a!, false);
});
