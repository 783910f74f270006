// The requests the App suite sends are a service's (deliveries.ts): every rate and label request the document's
// RateRequest and LabelRequest accept, but for the one that leaves `dispatchDate` out (§2.10 "when supplied"), which
// lacks only it; several currencies, prices with each one's minor units, dispatch dates ahead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validatorFor } from '../../openapi/validators.ts';
import { callback } from '../lib/callbacks.ts';
import { dayFromToday, labelDelivery, minorUnits, rateDeliveries } from './deliveries.ts';

const validRate = validatorFor(callback('calculateShippingRates').requestSchema);
const validLabel = validatorFor(callback('createShippingLabel').requestSchema);
const now = Date.parse('2026-11-28T12:00:00Z');
const deliveries = rateDeliveries(now);

test('every rate request is one the document accepts, but for the one without dispatchDate, which lacks only it', () => {
  const without = deliveries.filter((d) => d.delivery.dispatchDate === undefined);
  assert.equal(without.length, 1, 'one delivery leaves dispatchDate out');
  for (const d of deliveries) {
    const ok = validRate({ delivery: d.delivery });
    if (d.delivery.dispatchDate !== undefined) assert.ok(ok, `${d.name}: ${JSON.stringify(validRate.errors)}`);
    else {
      assert.ok(!ok);
      assert.deepEqual(
        validRate.errors?.map((e) => `${e.instancePath} ${e.keyword} ${String(e.params.missingProperty)}`),
        ['/delivery required dispatchDate'],
      );
      assert.ok(validRate({ delivery: { ...d.delivery, dispatchDate: dayFromToday(1, now) } }));
    }
  }
});

test('every labelled delivery, with a serviceCode, is a label request the document accepts', () => {
  const labelled = deliveries.filter((d) => d.labelled);
  assert.ok(labelled.length >= 2);
  for (const d of labelled) {
    const body = { delivery: labelDelivery(d.delivery, 'STD') };
    assert.ok(validLabel(body), `${d.name}: ${JSON.stringify(validLabel.errors)}`);
    assert.equal(body.delivery.serviceCode, 'STD');
  }
});

test('several currencies, item prices with their minor units, dispatch dates ahead, heavy and light boxes', () => {
  const currencies = new Set(deliveries.map((d) => d.delivery.currency as string));
  assert.ok(currencies.size >= 4 && currencies.has('JPY'), [...currencies].join());
  for (const d of deliveries) {
    const currency = d.delivery.currency as string;
    for (const item of d.delivery.items as { priceExcTax: string; priceIncTax: string }[])
      for (const price of [item.priceExcTax, item.priceIncTax])
        assert.equal(price.split('.')[1]?.length ?? 0, minorUnits(currency), `${d.name}: ${price}`);
    if (d.delivery.dispatchDate !== undefined)
      assert.ok((d.delivery.dispatchDate as string) > dayFromToday(2, now), `${d.name}: dispatched days ahead`);
  }
  const weights = deliveries.map((d) => d.delivery.weight as number);
  assert.ok(Math.min(...weights) < 100 && Math.max(...weights) > 20_000, weights.join());
  assert.ok(
    deliveries.some((d) => (d.delivery.items as unknown[]).length > 2),
    'one delivery holds many items',
  );
});
