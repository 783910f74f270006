// A rate request (§2.10, §4.5, §5; D-16, D-18, D-21, D-22, D-30, D-38, D-43, D-68), caused by a checkout through the
// reference extension calculateCheckoutRates (D-20) and judged as the built-in App receiver recorded it: a signed POST
// of the document's body and headers, §2.10's fields and types, the delivery's weight, box and totals, dispatch
// dates, addresses, and prices formatted per currency.
// Bases: what §2.10, §2.11, §4.5 and §7 say of the requests and of the options is `source`; the minor units of a
// currency `standard` (ISO 4217); the headers and signature `platform` (D-16); the rest `decision`.
import { expect, requirement, skipping } from '../../lib/requirement.ts';
import type { Json } from '../../lib/contract.ts';
import { config } from '../../lib/config.ts';
import { uid } from '../../lib/fixtures.ts';
import { bodyOf, inbox, signatureValid, expectValidatable } from '../../lib/inbox.ts';
import {
  MANUAL_CHECKOUT,
  about,
  addressFields,
  checkout,
  decimalsOf,
  deliveryFields,
  deliveryProblems,
  destination,
  expectMoney,
  formattedCarts,
  itemFields,
  manualCheckout,
  minorUnits,
  observe,
  oneDelivery,
  optionsOf,
  rateCallback,
  register,
  requestSchemaJudge,
  stocked,
  unit,
} from './shared.ts';

skipping(manualCheckout, `${MANUAL_CHECKOUT}; see the operator-triggered requirements`, () => {
  requirement('calculateShippingRates.request-fields', '§2.10 §4.5', {
    quote: 'The request is a POST whose body holds an object `delivery`',
  }).test(
    'a rate request is a POST of JSON whose `delivery` carries every field of §2.10, and each item every item field',
    async ({ api }) => {
      const { request } = await oneDelivery(api);
      expect(request.method).toBe('POST');
      const body = bodyOf(request);
      expect(body?.delivery, `the body: ${request.body.slice(0, 200)}`).toEqual(expect.any(Object));
      expect(Object.keys(body.delivery)).toEqual(expect.arrayContaining(deliveryFields));
      expect(body.delivery.items.length).toBeGreaterThan(0);
      for (const item of body.delivery.items as Json[])
        expect(Object.keys(item)).toEqual(expect.arrayContaining(itemFields));
    },
  );

  const rateSchema = requestSchemaJudge('calculateShippingRates', rateCallback);
  requirement('calculateShippingRates.request-schema', '§2.10 §4.5 D-16', { platform: true, judge: rateSchema }).test(
    "a rate request is a signed POST of JSON that matches the document's callback body and headers",
    async ({ api }) => {
      const { key, request } = await oneDelivery(api);
      observe(api, key, [request], 'calculateShippingRates');
    },
  );

  // The source's part of request-schema: the body's fields and §2.10's types; the headers and the rest of the
  // document's schema (closed objects, patterns, limits) are D-16's and ours.
  requirement('calculateShippingRates.request-types', '§2.10 §4.5', {
    quote: 'Rate request and response (callbacks to the App)',
  }).test(
    "a rate request's delivery, its items and its addresses hold §2.10's fields of §2.10's types: numbers, ISO 4217 codes, decimal strings, a Y-m-d date",
    async ({ api }) => {
      const { delivery } = await oneDelivery(api);
      expect(deliveryProblems(delivery), 'the rate request against §2.10').toEqual([]);
    },
  );

  requirement('calculateShippingRates.signature', '§5 D-16 D-18', { platform: true }).test(
    'a rate request is signed with the secret of the client that registered the service',
    async ({ api }) => {
      // Registered by `other`, checkout by `full`: only the registering client's secret may verify.
      const { request } = await oneDelivery(api, { as: 'other' });
      expect(
        signatureValid(request, config.clients.other.clientSecret),
        `X-Store-Signature ${request.headers['x-store-signature']}`,
      ).toBe(true);
      expect(signatureValid(request, config.clients.full.clientSecret)).toBe(false);
    },
  );

  requirement('calculateShippingRates.security-headers', '§5 §4.5', {
    quote: 'carry security headers so that the App can validate them',
  }).test(
    "a rate request carries security headers the App validates it by: its signature, in the target's scheme, verifies with the secret of the client that registered the service and no other's",
    async ({ api }) => {
      const { request } = await oneDelivery(api, { as: 'other' });
      expectValidatable(
        request,
        config.clients.other.clientSecret,
        config.clients.full.clientSecret,
        'the rate request',
      );
    },
  );

  // The decimals of the price strings are ISO 4217's (prices-formatted-*); how the box is stacked is D-21's (box).
  // The weights are D-38's and D-21's (.weight): the product's packagedWeight in grams is ours, and a "gross"
  // weight may count packaging the source does not weigh.
  // An edge of the same table: a product with no commodity code still gives a string (§2.10 types it `string`;
  // D-68: the empty string).
  requirement('calculateShippingRates.commodity-code-empty', '§2.10 D-68', {
    quote: 'HS tariff or international commodity code',
  }).test(
    'an item of a product with no commodity code carries commodityCode as a string, not null',
    async ({ api }) => {
      const key = uid('app');
      const p = await stocked(api, 1, { fields: { commodityCode: '' } });
      await register(api, key);
      await checkout(api, [{ productId: p.id, quantity: 1 }]);
      const [request] = (await inbox(key)).filter(about('rates', [p.id]));
      expect(request, 'the rate request for the product').toBeDefined();
      const [item] = (bodyOf(request!).delivery?.items ?? []) as Json[];
      expect(typeof item?.commodityCode, `commodityCode ${JSON.stringify(item?.commodityCode)}`).toBe('string');
    },
  );
  requirement('calculateShippingRates.delivery-totals', '§2.10 D-30', {
    quote: 'total sale value for the quantity, excluding tax',
  })
    .test(
      'the delivery weighs a number of grams; its items carry the product, the quantity and its totals as decimal strings, in the cart currency',
      async ({ api }) => {
        const { p, quantity, delivery } = await oneDelivery(api);
        expect(typeof delivery.weight, 'delivery.weight, in grams').toBe('number');
        expect(delivery.currency).toBe('GBP');
        expect(delivery.items).toHaveLength(1);
        const [item] = delivery.items as Json[];
        expect(item).toMatchObject({
          id: p.id,
          sku: p.sku,
          commodityCode: unit.commodityCode,
          title: p.title,
          quantity,
          currency: 'GBP',
        });
        expect(typeof item.weight, 'item weight, total grams for the quantity').toBe('number');
        for (const field of ['priceExcTax', 'priceIncTax'] as const) {
          expect(item[field], `${field} is a string decimal`).toEqual(expect.stringMatching(/^\d+(\.\d+)?$/));
          if (p.price[field] !== undefined)
            expectMoney(Number(item[field]), p.price[field] * quantity, `${field} for ${quantity} units`);
        }
      },
    )
    .twin('weight', '§2.10 D-21 D-38')
    .test(
      "the delivery and its item weigh the product's packagedWeight (grams, D-38) × the quantity, no packaging added (D-21)",
      async ({ api }) => {
        const { quantity, delivery } = await oneDelivery(api);
        expect(delivery.weight).toBe(unit.packagedWeight * quantity);
        expect(delivery.items).toHaveLength(1);
        expect(delivery.items[0].weight).toBe(unit.packagedWeight * quantity);
      },
    )
    .twin('box', '§2.10 D-21 D-38')
    .test('the box of one line is in mm, the units standing on their footprint and stacked (D-21)', async ({ api }) => {
      const { quantity, delivery } = await oneDelivery(api);
      // D-21: units stand on the footprint of the largest and are stacked
      expect([delivery.width, delivery.height, delivery.depth]).toEqual([
        unit.packagedWidth,
        unit.packagedHeight * quantity,
        unit.packagedDepth,
      ]);
    });

  requirement('calculateShippingRates.dispatch-date-format', '§2.10', { quote: 'string `Y-m-d`' }).test(
    'a rate request carries dispatchDate, a Y-m-d date',
    async ({ api }) => {
      const { delivery } = await oneDelivery(api);
      expect(delivery.dispatchDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${delivery.dispatchDate}T00:00:00Z`).toISOString().slice(0, 10), 'a real calendar date').toBe(
        delivery.dispatchDate,
      );
    },
  );

  requirement('calculateShippingRates.dispatch-date', '§2.10 D-21 D-22').test(
    'dispatchDate is a Y-m-d weekday after today, and the answered delivery dates follow from it',
    async ({ api }) => {
      const { delivery, result, service } = await oneDelivery(api);
      expect(delivery.dispatchDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const day = Date.parse(`${delivery.dispatchDate}T00:00:00Z`);
      const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      expect(day).toBeGreaterThan(today - 86400000); // a target in another time zone may still be on "yesterday"
      expect(day).toBeLessThanOrEqual(today + 4 * 86400000);
      expect([0, 6]).not.toContain(new Date(day).getUTCDay());
      // The receiver answers STD from dispatchDate + 1 to + 3 days; the option keeps those dates (one delivery).
      const std = optionsOf(result, service).find((o) => o.serviceCode === 'STD');
      expect(std?.minDeliveryDate).toBe(new Date(day + 86400000).toISOString().slice(0, 10));
      expect(std?.maxDeliveryDate).toBe(new Date(day + 3 * 86400000).toISOString().slice(0, 10));
    },
  );

  // The pattern of countryCode (ISO 3166-1 alpha-2) is checked against the document by request-schema.
  requirement('calculateShippingRates.addresses', '§2.10 D-43', {
    quote:
      'Address object: `id`, `firstname`, `lastname`, `company`, `line1`, `line2`, `line3`, `city`, `region`, `country` (name), `countryCode`, `zip`, `latitude` (number), `longitude` (number), `isPrimary` (boolean).',
  }).test(
    'the rate request carries the checkout destination and the origin warehouse address, with every address field',
    async ({ api }) => {
      const { delivery } = await oneDelivery(api);
      expect(delivery.destination).toMatchObject(destination);
      for (const address of [delivery.origin, delivery.destination])
        expect(Object.keys(address).sort()).toEqual(expect.arrayContaining([...addressFields].sort()));
      expect(delivery.origin.line1).toEqual(expect.any(String));
      expect(delivery.origin.countryCode).toEqual(expect.any(String));
    },
  );

  // "formatted per currency" (§2.10): with the currency's minor units, as ISO 4217 gives them.
  for (const c of formattedCarts) {
    const digits = minorUnits(c.currency);
    requirement(`calculateShippingRates.prices-formatted-${c.currency.toLowerCase()}`, '§2.10 D-22', {
      standard: 'ISO 4217 (minor units)',
    }).test(
      `item prices of a ${c.currency} cart are decimal strings with ${digits} decimals, the currency's ISO 4217 minor units ("formatted per currency")`,
      async ({ api }) => {
        const p = await stocked(api, 1, { currency: c.currency, price: c.price });
        const key = uid('app');
        await register(api, key);
        const quantity = 3;
        await checkout(api, [{ productId: p.id, quantity }], c.currency);
        const [request] = (await inbox(key)).filter(about('rates', [p.id]));
        expect(request, 'the rate request of the cart').toBeDefined();
        const { delivery } = bodyOf(request!);
        expect(delivery.currency).toBe(c.currency);
        expect(delivery.items).toHaveLength(1);
        const [item] = delivery.items as Json[];
        expect(item.currency).toBe(c.currency);
        for (const field of ['priceExcTax', 'priceIncTax'] as const) {
          expect(decimalsOf(item[field]), `${field} "${item[field]}"`).toBe(digits);
          if (p.price[field] !== undefined) expect(item[field]).toBe((p.price[field] * quantity).toFixed(digits));
        }
      },
    );
  }
});
