// What a checkout makes of the Apps' answers (§2.10, §4.5, §7; D-18, D-21, D-22, D-59, D-60, D-65): one rate request
// per delivery, the cart split by location and by weight, the options common to every delivery, their sum with the
// service's modifiers, currencies converted and rounded, landed costs, shipping calculators, failing Apps dropped,
// and the size of a cart.
// Bases: what §2.10, §2.11, §4.5 and §7 say of the requests and of the options is `source`; the minor units of a
// currency `standard` (ISO 4217); the headers and signature `platform` (D-16); the rest `decision`.
import { expect, requirement, skipping } from '../../lib/requirement.ts';
import { check, type Json } from '../../lib/contract.ts';
import { exampleOf, pick, uid } from '../../lib/fixtures.ts';
import { bodyOf, inbox, quietPeriod, scriptedRates } from '../../lib/inbox.ts';
import { errorNames } from '../../lib/expectations.ts';
import type { Api } from '../../lib/api.ts';
import { answered, startCheckout, startDispatch, type Line } from '../../lib/triggers.ts';
import {
  type ServiceOptions,
  BOX_MAX_WEIGHT,
  MANUAL_CHECKOUT,
  about,
  checkout,
  codesOf,
  currencyCarts,
  decimalsOf,
  deliveriesOf,
  deliveryFields,
  destination,
  expectMoney,
  expectMoneyBetween,
  freshClassId,
  itemIds,
  manualCheckout,
  minorUnits,
  oneDelivery,
  optionsOf,
  rateCallback,
  register,
  shipTo,
  stocked,
  twoLocations,
} from './shared.ts';

/** A unit of 25 kg: two of them from one location fill more than one box of any capacity under 50 kg. */
const HEAVY = { packagedWeight: 25_000, packagedWidth: 300, packagedHeight: 300, packagedDepth: 300 };
/**
 * A cart of two products stocked at two locations (two deliveries, D-21), `quantities` units of each, quoted by one
 * service registered with `o`: the products, the checkout's answer, the service, its rate requests about the cart and
 * the App's answer to each.
 */
async function twoDeliveries(api: Api, o: ServiceOptions = {}, quantities = [1, 1], needsSplit = true) {
  const key = uid('app');
  const service = await register(api, key, o);
  const quoted = async ([a, b]: Json[]) => {
    const result = await checkout(api, [
      { productId: a.id, quantity: quantities[0]! },
      { productId: b.id, quantity: quantities[1]! },
    ]);
    const all = await inbox(key);
    const requests = all.filter(about('rates', [a.id, b.id]));
    return { a, b, result, service, requests, answers: requests.map((r) => scriptedRates(all, r)) };
  };
  const byLocation = await quoted(await twoLocations(api));
  if (!needsSplit || byLocation.requests.length !== 1) return byLocation;
  // One delivery of two locations: a target may split by weight alone (§4.5 rule 7: packaging and boxes govern).
  const byWeight = await quoted(
    await Promise.all([stocked(api, 1, { fields: HEAVY }), stocked(api, 1, { fields: HEAVY })]),
  );
  split(api, byWeight.requests.length);
  return byWeight;
}
/**
 * A cart stocked at two locations is two deliveries by D-21; §4.5 rule 7 says only that a cart "may be split", as
 * packaging, boxes and settings govern. A requirement about what a checkout makes of several deliveries needs the
 * split: a target that made one delivery of it is not judged by it (a precondition of ours, lib/verdict.ts).
 */
function split(api: Api, requests: number): void {
  if (requests === 1)
    throw api.precondition({
      under: 'source',
      failure: `a cart stocked at two locations made ${requests} rate request, not one per location (D-21)`,
      key: 'D-21',
      reason:
        'needs D-21: a cart stocked at two locations, and one of two 25 kg units, was each one delivery (one rate request); §4.5 rule 7 leaves the split to the target, and the requirement needs two deliveries',
    });
}

skipping(manualCheckout, MANUAL_CHECKOUT, () => {
  // However a target splits the cart (§4.5 rule 7 leaves it to packaging, boxes and settings), each delivery it
  // answers got one rate request of its own: the split itself is D-21's (split-by-location, split-by-weight).
  requirement('calculateCheckoutRates.one-request-per-delivery', '§4.5', {
    quote: 'Each delivery gets its own rate request.',
  }).test('each delivery of a cart gets its own rate request, holding that delivery', async ({ api }) => {
    // The quote speaks of how many requests go out, not of what the checkout's answer shows of a delivery: the
    // deliveries are counted, and each request holds one delivery with items.
    const { result, requests } = await twoDeliveries(api, {}, [1, 2], false);
    const deliveries = deliveriesOf(result);
    expect(deliveries, 'the deliveries of the checkout').toEqual(expect.any(Array));
    expect(deliveries.length).toBeGreaterThan(0);
    expect(requests, 'one rate request per delivery').toHaveLength(deliveries.length);
    for (const r of requests)
      expect(bodyOf(r)?.delivery?.items, 'the delivery a rate request holds, with its items').toEqual(
        expect.arrayContaining([expect.any(Object)]),
      );
    // Where the answer shows its deliveries in D-20's form (each with every field §2.10 gives a delivery), each
    // request holds one of them, as §2.10's fields have it (what else either holds is not the quote's).
    if (deliveries.every((d: Json) => deliveryFields.every((f) => d && typeof d === 'object' && f in d)))
      for (const r of requests)
        expect(
          deliveries.map((d: Json) => pick(d, deliveryFields)),
          'each delivery is answered as it was sent',
        ).toContainEqual(pick(bodyOf(r).delivery, deliveryFields));
  });

  requirement('calculateCheckoutRates.split-by-location', '§4.5 D-21').test(
    'a cart stocked at two locations is two deliveries, each with its own rate request from its own origin',
    async ({ api }) => {
      const { a, b, result, requests } = await twoDeliveries(api, {}, [1, 2]);
      expect(deliveriesOf(result)).toHaveLength(2);
      expect(requests.map(itemIds).sort()).toEqual([[a.id], [b.id]].sort());
      const [oa, ob] = [a, b].map((p) => bodyOf(requests.find((r) => itemIds(r)[0] === p.id)!).delivery.origin);
      expect(oa).not.toEqual(ob);
    },
  );

  requirement('calculateCheckoutRates.common-options', '§4.5', {
    quote: 'presents the commonly available options',
  }).test('only the options offered for every delivery are presented', async ({ api }) => {
    let [a, b] = await twoLocations(api);
    const key = uid('app');
    // The receiver answers the sets in turn (STD,EXP then STD, …): two concurrent requests get different sets.
    const service = await register(api, key, { rates: { codes: Array(12).fill('STD,EXP|STD').join('|') } });
    const cartOf = () => [
      { productId: a!.id, quantity: 1 },
      { productId: b!.id, quantity: 1 },
    ];
    let answered: string[][] = [];
    let result: Json;
    let byWeight = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      // another checkout may have taken a turn between ours
      result = await checkout(api, cartOf());
      const all = await inbox(key);
      const mine = all.filter(about('rates', [a!.id, b!.id])).slice(-2);
      if (mine.length === 1 && !byWeight) {
        // One delivery of two locations: a target may split by weight alone (twoDeliveries).
        [a, b] = await Promise.all([stocked(api, 1, { fields: HEAVY }), stocked(api, 1, { fields: HEAVY })]);
        byWeight = true;
        attempt--;
        continue;
      }
      split(api, mine.length);
      expect(mine).toHaveLength(2);
      answered = mine.map((r) => scriptedRates(all, r).map((x) => x.serviceCode));
      if (answered[0]!.join() !== answered[1]!.join()) break;
    }
    const common = answered[0]!.filter((c) => answered[1]!.includes(c));
    expect(
      optionsOf(result, service)
        .map((o: Json) => o.serviceCode)
        .sort(),
      `the App answered ${JSON.stringify(answered)}`,
    ).toEqual(common.sort());
  });

  requirement('calculateCheckoutRates.sum', '§4.5', {
    quote: 'aggregates the postage options and the total costs',
  }).test(
    "without modifiers, an option's price is the sum of the rates the deliveries got for it, in the cart currency",
    async ({ api }) => {
      const { result, service, answers } = await twoDeliveries(api, { rates: { price: '3.75' } });
      expect(answers.length).toBeGreaterThan(1);
      const options = optionsOf(result, service);
      expect(codesOf(options)).toEqual(['EXP', 'STD']);
      for (const o of options) {
        for (const field of ['priceExcTax', 'priceIncTax'] as const) {
          expectMoney(
            o[field],
            answers.reduce((sum, rates) => sum + rates.find((x) => x.serviceCode === o.serviceCode)![field], 0),
            `${o.serviceCode} ${field}`,
          );
        }
        expect(o.currency).toBe('GBP');
      }
    },
  );

  // §4.5 rule 10, one modifier at a time: the fixed value is added to the costs, the percentage scales them. Where an
  // administrator sets them (the shipping service's fields, by the dialect's names) and the order of both are D-22's.
  // The rule says only that the fixed value is added to the costs: to the price before tax exactly, and to the price
  // with tax either as it is or grown by the rate's own tax ratio (a fixed value before tax, taxed as the rate is).
  // Both bounds are asserted; D-22's unscaled addition is the lower one.
  const modifiers = 'Administrators may add a fixed value and/or a percentage modifier to the costs returned.';
  for (const m of [
    {
      field: 'fixedModifier',
      value: 1.5,
      applied: (price: number, exc: number, inc: number, field: string) =>
        field === 'priceIncTax' ? [price + 1.5, price + (1.5 * inc) / exc] : [price + 1.5, price + 1.5],
      what: 'a fixed value',
    },
    {
      field: 'percentageModifier',
      value: 20,
      applied: (price: number) => [price * 1.2, price * 1.2],
      what: 'a percentage',
    },
  ]) {
    const slug = m.field.replace('Modifier', '');
    requirement(`calculateCheckoutRates.${slug}-modifier`, '§4.5 D-18', { quote: modifiers }).test(
      `a service's ${m.what} modifier is applied to the costs its App returned`,
      async ({ api }) => {
        const { result, service, all, request } = await oneDelivery(api, {
          rates: { price: '3.75' },
          fields: { [m.field]: m.value },
        });
        const rates = scriptedRates(all, request);
        const options = optionsOf(result, service);
        expect(codesOf(options)).toEqual(codesOf(rates));
        for (const o of options)
          for (const field of ['priceExcTax', 'priceIncTax'] as const) {
            const rate = rates.find((x) => x.serviceCode === o.serviceCode)!;
            const [low, high] = m.applied(rate[field], rate.priceExcTax, rate.priceIncTax, field);
            expectMoneyBetween(o[field], low!, high!, `${o.serviceCode} ${field}, ${m.field} ${m.value}`);
          }
      },
    );
  }

  requirement('calculateCheckoutRates.sum-and-modifiers', '§4.5 D-22').test(
    "an option's price is the sum over the deliveries with the service's percentage and fixed modifiers applied",
    async ({ api }) => {
      const fields = { percentageModifier: 10, fixedModifier: 1.5 };
      const { result, service, answers } = await twoDeliveries(api, { rates: { price: '3.75' }, fields });
      expect(answers).toHaveLength(2);
      const options = optionsOf(result, service);
      expect(options.map((o: Json) => o.serviceCode).sort()).toEqual(['EXP', 'STD']);
      for (const o of options) {
        for (const field of ['priceExcTax', 'priceIncTax'] as const) {
          const sum = answers.reduce((s, rates) => s + rates.find((x) => x.serviceCode === o.serviceCode)![field], 0);
          expectMoney(
            o[field],
            sum * (1 + fields.percentageModifier / 100) + fields.fixedModifier,
            `${o.serviceCode} ${field}`,
          );
        }
        expect(o.currency).toBe('GBP');
      }
    },
  );

  requirement('calculateCheckoutRates.currency-conversion', '§2.10 §7 D-22', {
    quote: 'the service converts the prices rather than rejecting the response',
  }).test('a rate answered in another currency is converted to the cart currency, not rejected', async ({ api }) => {
    const { result, service, all, request } = await oneDelivery(api, { rates: { currency: 'EUR' } });
    const raw = scriptedRates(all, request);
    const options = optionsOf(result, service);
    expect(options.map((o: Json) => o.serviceCode).sort()).toEqual(raw.map((x) => x.serviceCode).sort());
    // One positive rate (the target's own table) must explain every converted price.
    const largest = raw.at(-1)!;
    const rate = options.find((o: Json) => o.serviceCode === largest.serviceCode).priceExcTax / largest.priceExcTax;
    expect(rate).toBeGreaterThan(0);
    expect(Math.abs(rate - 1), 'converted prices must differ from the EUR numbers the App answered').toBeGreaterThan(
      0.005,
    );
    for (const o of options) {
      expect(o.currency).toBe('GBP');
      const answered = raw.find((x) => x.serviceCode === o.serviceCode)!;
      for (const field of ['priceExcTax', 'priceIncTax'] as const)
        expectMoney(o[field], answered[field] * rate, `${o.serviceCode} ${field} at ${rate.toFixed(4)} GBP per EUR`);
    }
  });

  for (const c of currencyCarts) {
    const digits = minorUnits(c.currency);
    requirement(`calculateCheckoutRates.totals-rounded-${c.currency.toLowerCase()}`, '§2.10 §7 D-22').test(
      `the options of a ${c.currency} cart are rounded to ${digits} decimals (its minor units) after modifiers, and after converting an App's answer in another currency; its rate request matches the document`,
      async ({ api }) => {
        const p = await stocked(api, 1, { currency: c.currency, price: c.price });
        const [sameKey, gbpKey] = [uid('app'), uid('app')];
        const fields = { percentageModifier: 12.5 };
        const same = await register(api, sameKey, { rates: { price: c.quote }, fields });
        const gbp = await register(api, gbpKey, { rates: { currency: 'GBP' } });
        const result = await checkout(api, [{ productId: p.id, quantity: 1 }], c.currency);
        expect(answered(result, 'currency', 'checkout')).toBe(c.currency);
        const all = await inbox(sameKey);
        const [request] = all.filter(about('rates', [p.id]));
        expect(request, 'the rate request of the cart').toBeDefined();
        expect(check(rateCallback.bodyPointer, bodyOf(request!)), `body against ${rateCallback.bodyPointer}`).toEqual(
          [],
        );
        const quoted = scriptedRates(all, request!);
        const options = optionsOf(result, same);
        expect(codesOf(options)).toEqual(codesOf(quoted));
        for (const o of options) {
          for (const field of ['priceExcTax', 'priceIncTax'] as const) {
            const exact =
              quoted.find((x) => x.serviceCode === o.serviceCode)![field] * (1 + fields.percentageModifier / 100);
            expect(decimalsOf(o[field]), `${o.serviceCode} ${field} ${o[field]}`).toBeLessThanOrEqual(digits);
            expect(
              Math.abs(o[field] - exact),
              `${o.serviceCode} ${field} ${o[field]}: ${exact} rounded to ${digits} decimals`,
            ).toBeLessThanOrEqual(0.5 * 10 ** -digits + 1e-9);
          }
        }
        const converted = optionsOf(result, gbp);
        expect(codesOf(converted), 'the options an App answered in GBP, converted').toEqual(['EXP', 'STD']);
        for (const o of converted) {
          expect(o.currency).toBe(c.currency);
          for (const field of ['priceExcTax', 'priceIncTax'] as const)
            expect(decimalsOf(o[field]), `${o.serviceCode} ${field} ${o[field]}`).toBeLessThanOrEqual(digits);
        }
      },
    );
  }

  requirement('calculateCheckoutRates.app-extra-fields', '§4.5 §7 D-59').test(
    "an App whose rate answer and rates carry fields beyond the document's is still offered, without those fields",
    async ({ api }) => {
      const { result, service, all, request } = await oneDelivery(api, { rates: { extra: 1 } });
      const options = optionsOf(result, service);
      expect(codesOf(options)).toEqual(codesOf(scriptedRates(all, request)));
      for (const o of options) expect(Object.keys(o)).not.toContain('carrier');
    },
  );

  requirement('calculateCheckoutRates.no-label-request', '§4.5', { quote: 'A rate request is a quotation only' }).test(
    'a checkout is a quotation only: it sends no label request, even to a service with labelsUrl',
    async ({ api }) => {
      // The service was added with a labelsUrl (register): what the target's answer shows of it is not asserted here.
      const { key } = await oneDelivery(api);
      await quietPeriod(1000); // a label request sent after the answer would still arrive
      expect(
        (await inbox(key)).filter((r) => r.kind === 'labels').map((r) => r.body.slice(0, 200)),
        'label requests',
      ).toEqual([]);
    },
  );

  // How an App marks the landed costs in a rate (`landedCosts`) is D-59's; whatever a target makes of the mark, the
  // rate's price is the shipping cost.
  requirement('calculateCheckoutRates.landed-costs-included', '§4.5 D-59', {
    quote: 'When a rate included landed costs, the service uses that value as the shipping cost',
  }).test(
    'a rate that includes landed costs is offered at its whole price: duties are not separated from shipping',
    async ({ api }) => {
      const { result, service, answers } = await twoDeliveries(api, { rates: { landed: 1.25 } });
      expect(answers).toHaveLength(2);
      const options = optionsOf(result, service);
      expect(codesOf(options)).toEqual(['EXP', 'STD']);
      for (const o of options) {
        for (const field of ['priceExcTax', 'priceIncTax'] as const) {
          const rates = answers.map((set) => set.find((x) => x.serviceCode === o.serviceCode)!);
          expect(rates.every((x) => x.landedCosts === 1.25)).toBe(true);
          expectMoney(
            o[field],
            rates.reduce((sum, x) => sum + x[field], 0),
            `${o.serviceCode} ${field}, landed costs included`,
          );
        }
      }
    },
  );

  requirement('calculateCheckoutRates.split-by-weight', '§4.5 D-21').test(
    'a cart heavier than one box (30 000 g) from one location is split by weight and packaging; each box is a delivery with its own rate request',
    async ({ api }) => {
      const heavy = { packagedWeight: 20_000, packagedWidth: 400, packagedHeight: 300, packagedDepth: 350 };
      const medium = { packagedWeight: 8_000, packagedWidth: 300, packagedHeight: 200, packagedDepth: 450 };
      const a = await stocked(api, 1, { fields: heavy });
      const b = await stocked(api, 1, { fields: medium });
      const units = new Map<number, typeof heavy>([
        [a.id, heavy],
        [b.id, medium],
      ]);
      const cart = [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
      ];
      const key = uid('app');
      await register(api, key);
      const result = await checkout(api, cart);
      const deliveries = deliveriesOf(result);
      expect(deliveries.length, 'deliveries of a 36 000 g cart from one location').toBeGreaterThanOrEqual(2);
      for (const d of deliveries) {
        const items = d.items as Json[];
        const of = (it: Json) => units.get(it.id)!;
        for (const it of items) expect(it.weight, `item ${it.id} weight`).toBe(of(it).packagedWeight * it.quantity);
        expect(d.weight, 'a delivery weighs the sum of its items').toBe(items.reduce((s, it) => s + it.weight, 0));
        if (items.reduce((s, it) => s + it.quantity, 0) > 1)
          expect(d.weight, 'a box of several units').toBeLessThanOrEqual(BOX_MAX_WEIGHT);
        // D-21: units stand on the footprint of the largest and are stacked
        expect(d.width).toBe(Math.max(...items.map((it) => of(it).packagedWidth)));
        expect(d.depth).toBe(Math.max(...items.map((it) => of(it).packagedDepth)));
        expect(d.height).toBe(items.reduce((s, it) => s + of(it).packagedHeight * it.quantity, 0));
      }
      for (const line of cart) {
        const shipped = deliveries
          .flatMap((d) => d.items as Json[])
          .filter((it) => it.id === line.productId)
          .reduce((s, it) => s + it.quantity, 0);
        expect(shipped, `units of product ${line.productId} over the deliveries`).toBe(line.quantity);
      }
      const requests = (await inbox(key)).filter(about('rates', [a.id, b.id]));
      expect(requests, 'one rate request per delivery').toHaveLength(deliveries.length);
      for (const d of deliveries) expect(requests.map((r) => bodyOf(r).delivery)).toContainEqual(d);
    },
  );

  /**
   * Products of two shipping calculators (§2.3's `shippingClassId`) at two locations, a service that only calculator A
   * defines (D-60's `shippingClassIds`, by the dialect's name) and one that lists none: what a cart of A's products
   * and a cart of both are offered.
   */
  const calculators = async (api: Api) => {
    const [classA, classB] = [freshClassId(), freshClassId()];
    const a = await stocked(api, 1, { fields: { shippingClassId: classA } });
    const b = await stocked(api, 2, { fields: { shippingClassId: classB } });
    const [restrictedKey, openKey] = [uid('app'), uid('app')];
    const restricted = await register(api, restrictedKey, { fields: { shippingClassIds: [classA] } });
    const open = await register(api, openKey);
    const onlyA = await checkout(api, [{ productId: a.id, quantity: 1 }]);
    const mixed = await checkout(api, [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ]);
    return { classA, a, b, restricted, restrictedKey, open, onlyA, mixed };
  };
  requirement('calculateCheckoutRates.shipping-calculators-apply', '§4.5 §2.3', {
    quote: 'a shipping service only applies to products whose calculator defines it',
  }).test(
    "a service that only a product's calculator defines is offered for a cart of that product, and not for a cart holding a product of another calculator",
    async ({ api }) => {
      const { restricted, open, onlyA, mixed } = await calculators(api);
      expect(codesOf(optionsOf(onlyA, restricted)), 'a cart of class-A products').toEqual(['EXP', 'STD']);
      // The class-B product ships alone (another location): the restricted service cannot quote that delivery, so
      // none of its options is common to the cart (§4.5 rule 8).
      expect(optionsOf(mixed, restricted), 'a cart holding a class-B product').toEqual([]);
      expect(codesOf(optionsOf(mixed, open)), 'the service no calculator restricts, for the same cart').toEqual([
        'EXP',
        'STD',
      ]);
    },
  );
  requirement('calculateCheckoutRates.shipping-calculators', '§4.5 D-60').test(
    'a service restricted to some shipping calculators is offered for carts of their products only, and gets no rate request for a delivery it cannot serve',
    async ({ api }) => {
      const { classA, b, restricted, restrictedKey, open, onlyA, mixed } = await calculators(api);
      expect(restricted.shippingClassIds).toEqual([classA]);
      expect(codesOf(optionsOf(onlyA, restricted)), 'a cart of class-A products').toEqual(['EXP', 'STD']);
      expect(deliveriesOf(mixed)).toHaveLength(2);
      expect(optionsOf(mixed, restricted), 'a cart holding a class-B product').toEqual([]);
      expect(codesOf(optionsOf(mixed, open)), 'a service with no calculators listed applies to every product').toEqual([
        'EXP',
        'STD',
      ]);
      expect(
        (await inbox(restrictedKey)).filter(about('rates', [b.id])),
        'rate requests for the class-B delivery',
      ).toEqual([]);
      // D-60: nor can a shipment choose it for that cart
      const { res } = await startDispatch(
        api,
        { currency: 'GBP', destination: shipTo, items: [{ productId: b.id, quantity: 1 }] },
        { shippingServiceId: restricted.id, serviceCode: 'STD' },
      );
      expect(res.status, res.text).toBe(422);
      expect(
        (await inbox(restrictedKey)).filter(about('labels', [b.id])),
        'label requests for a class-B product',
      ).toEqual([]);
    },
  );

  // §7: a failing App (a server error, an answer that is not JSON) is dropped; that a slow one is dropped is D-22's timeout.
  for (const mode of ['fail', 'slow', 'garbage']) {
    const slow = mode === 'slow';
    const quote = slow
      ? undefined
      : "the service silently ignores the failure, and the App's options do not appear at checkout";
    requirement(`calculateCheckoutRates.drops-${mode}-app`, slow ? '§7 §4.5 D-22 D-60' : '§7 §4.5 D-22', {
      quote,
    }).test(
      `an App that answers mode=${mode} is left out silently; the other App's options are presented`,
      async ({ api }) => {
        // The slow App holds every checkout that asks it until the target's timeout: it serves only a calculator of
        // its own (§4.5 rule 11, D-60), so that the checkouts of other requirements running meanwhile never ask it.
        const own = slow ? freshClassId() : undefined;
        const p = await stocked(api, 1, own ? { fields: { shippingClassId: own } } : {});
        const [good, bad] = [uid('good'), uid(mode)];
        const goodService = await register(api, good);
        const badService = await register(api, bad, {
          rates: { mode },
          ...(own ? { fields: { shippingClassIds: [own] } } : {}),
        });
        const result = await checkout(api, [{ productId: p.id, quantity: 1 }]);
        expect((await inbox(bad)).filter(about('rates', [p.id])), `the ${mode} App was asked`).toHaveLength(1);
        expect(optionsOf(result, badService)).toEqual([]);
        expect(
          optionsOf(result, goodService)
            .map((o: Json) => o.serviceCode)
            .sort(),
        ).toEqual(['EXP', 'STD']);
      },
    );
  }
});

// D-65: the size of a cart the reference extensions take. A line's quantity is at most 10 000, at checkout and at a
// shipment alike (CartItem); a cart that packs into more than 100 deliveries is refused before any App is asked.
/** CartItem's `quantity` maximum (D-65). */
const MAX_QUANTITY = 10_000;
/** D-65: the most deliveries (boxes, D-21) one cart may ship in. */
const MAX_DELIVERIES = 100;
/** Each cart trigger of `items`; the shipment's service need not exist (the quantity is checked first). */
const cartRequests = {
  calculateCheckoutRates: (api: Api, items: Line[]) => startCheckout(api, { currency: 'GBP', destination, items }),
  createShipment: (api: Api, items: Line[]) => {
    const { currency, destination: to, shippingServiceId, serviceCode } = exampleOf('createShipment').data;
    return startDispatch(api, { currency, destination: to, items }, { shippingServiceId, serviceCode });
  },
};
skipping(manualCheckout, MANUAL_CHECKOUT, () => {
  for (const [operationId, start] of Object.entries(cartRequests))
    requirement(`${operationId}.quantity-max`, 'D-65 D-20').test(
      `refuses a cart line of more than ${MAX_QUANTITY} units with 422 naming its quantity`,
      async ({ api }) => {
        // Without packaging the units fill no box: a target that took the line would ask each service once.
        const p = await stocked(api, 1, { fields: { packagedWeight: null } });
        const { res } = await start(api, [{ productId: p.id, quantity: MAX_QUANTITY + 1 }]);
        expect(res.status, res.text.slice(0, 300)).toBe(422);
        expect(errorNames(res)).toContain('data.items.0.quantity');
      },
    );

  requirement('calculateCheckoutRates.max-deliveries', 'D-65 D-21 §4.5').test(
    `refuses a cart of more than ${MAX_DELIVERIES} deliveries with 422 naming data.items, asking no App`,
    async ({ api }) => {
      // A unit of a tonne is a box of its own (D-21), whatever the target's box capacity: one delivery per unit.
      const p = await stocked(api, 1, { fields: { packagedWeight: 1_000_000 } });
      const key = uid('app');
      await register(api, key);
      const { res } = await startCheckout(api, {
        currency: 'GBP',
        destination,
        items: [{ productId: p.id, quantity: MAX_DELIVERIES + 1 }],
      });
      expect(res.status, res.text.slice(0, 300)).toBe(422);
      expect(errorNames(res)).toContain('data.items');
      expect((await inbox(key)).filter(about('rates', [p.id])), 'rate requests for the refused cart').toEqual([]);
    },
  );
});
