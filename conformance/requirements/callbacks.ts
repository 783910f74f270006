// App callbacks (§2.10, §2.11, §4.5, §6, §7; D-16, D-18..D-22, D-49, D-56, D-58..D-60): rate requests caused through the
// reference extension calculateCheckoutRates and label requests through createShipment, judged as the built-in App
// receiver recorded them and against what the receiver answered. Shipping services are account-wide and every active
// one is asked at every checkout, so a test reads only the requests about the products it made, reconstructs the
// receiver's scripted answers from its inbox (which other checkouts may also have reached) and deletes its services.
// A target without the extensions (CONFORMANCE_MANUAL_CALLBACKS=1) is judged on a rate request an operator triggers.
// Bases: what §2.10, §2.11, §4.5 and §7 say of the requests and of the options (fields and their types, one request
// per delivery and per box, common options, conversion, failing Apps dropped) is `source`; the minor units of a
// currency `standard` (ISO 4217); the headers and signature `platform` (D-16); how a cart is split, dispatch dates,
// modifiers, rounding, timeouts, landed costs, calculators and stored labels `decision` (D-21, D-22, D-49, D-58..D-60).
// The trigger operations themselves (D-20) are only the means of causing the callbacks.
import { isDeepStrictEqual } from 'node:util';
import { expect, requirement, skipping, afterEach, requirementTimeout } from '../lib/requirement.ts';
import { check, doc, type Json } from '../lib/contract.ts';
import { config, type ClientRole } from '../lib/config.ts';
import { create, exampleOf, pick, product, uid } from '../lib/fixtures.ts';
import {
  appUrl,
  bodyOf,
  eventOf,
  headerProblems,
  inbox,
  quietPeriod,
  requestSchemaPointer,
  scriptedRates,
  signatureValid,
  expectValidatable,
  resourceOfDelivery,
  waitFor,
  type Recorded,
} from '../lib/inbox.ts';
import { errorNames, expectAccepted } from '../lib/expectations.ts';
import type { Api } from '../lib/api.ts';
import { statedFields } from '../lib/updates.ts';
import {
  addShippingService,
  answered,
  removeShippingService,
  startCheckout,
  startDispatch,
  type Line,
} from '../lib/triggers.ts';
import { NotApplicable } from '../lib/dialect.ts';

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

// Under CONFORMANCE_MANUAL_CALLBACKS=1 an operator starts a checkout in place of the suite; the dialect's keys let
// the suite start them itself on any target.
const manualCheckout = config.manualCallbacks && !config.dialect.dialect.checkout;
const manualDispatch = config.manualCallbacks && !config.dialect.dialect.dispatch;
const MANUAL_CHECKOUT =
  'CONFORMANCE_MANUAL_CALLBACKS=1: the target has no checkout trigger (state its own in the dialect as checkout, and shippingServices, to judge these)';
const MANUAL_DISPATCH =
  'CONFORMANCE_MANUAL_CALLBACKS=1: the target has no dispatch trigger (state its own in the dialect as dispatch, and shippingServices, to judge these)';

/** The callback of createShippingService that posts to `field` (ratesUrl or labelsUrl), as the document declares it. */
function callbackOf(field: 'ratesUrl' | 'labelsUrl') {
  const path = '/api/shipping/services.json';
  const callbacks = doc.paths[path].post.callbacks as Record<string, Record<string, Json>>;
  for (const [name, cb] of Object.entries(callbacks)) {
    for (const [expression, item] of Object.entries(cb)) {
      if (!expression.includes(`/${field}}`)) continue;
      const pointer = `#/paths/${esc(path)}/post/callbacks/${name}/${esc(expression)}`;
      return {
        operation: item.post as Json,
        bodyPointer: requestSchemaPointer(pointer, item.post),
        paramsPointer: `${pointer}/post/parameters`,
      };
    }
  }
  throw new Error(`the document declares no callback of createShippingService on ${field}`);
}
const rateCallback = callbackOf('ratesUrl');
const labelCallback = callbackOf('labelsUrl');

const destination: Json = exampleOf('calculateCheckoutRates').data.destination;
const shipTo: Json = exampleOf('createShipment').data.destination;
/** Per-unit packaging (grams, millimetres; D-38) and price of the products made here (D-30). */
const unit = {
  packagedWeight: 280,
  packagedWidth: 180,
  packagedHeight: 60,
  packagedDepth: 120,
  commodityCode: '0902.30',
};
const price = { priceExcTax: 4.25, priceIncTax: 5.1 };
const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
const expectMoney = (actual: number, expected: number, what: string) =>
  expect(Math.abs(actual - expected), `${what}: ${actual}, expected ${round2(expected)}`).toBeLessThanOrEqual(
    0.0100001,
  );
/** ISO 4217 minor units of a currency (JPY 0, GBP 2, KWD 3), as Intl knows them: "formatted per currency" (§2.10). */
const minorUnits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
/** Decimals written in a number or decimal string. */
const decimalsOf = (v: number | string) => (String(v).split('.')[1] ?? '').length;
/** Carts in currencies whose minor units differ from 2 (D-22), with a unit price that needs them. */
const currencyCarts = [
  { currency: 'JPY', price: { priceExcTax: 1250, priceIncTax: 1500 }, quote: 1001 },
  { currency: 'KWD', price: { priceExcTax: 1.125, priceIncTax: 1.35 }, quote: 4.5 },
];
/** Carts whose item prices must be written with the currency's minor units: GBP (2) and those above. */
const formattedCarts = [{ currency: 'GBP', price }, ...currencyCarts];
/** §2.10's fields of a rate request's `delivery` and of its items. */
const deliveryFields = [
  'width',
  'height',
  'depth',
  'weight',
  'currency',
  'origin',
  'destination',
  'items',
  'dispatchDate',
];
const itemFields = [
  'id',
  'sku',
  'commodityCode',
  'title',
  'quantity',
  'weight',
  'priceExcTax',
  'priceIncTax',
  'currency',
];
/** §2.10's address object, without the label-only `title` and `phone`. */
const addressFields = [
  'id',
  'firstname',
  'lastname',
  'company',
  'line1',
  'line2',
  'line3',
  'city',
  'region',
  'country',
  'countryCode',
  'zip',
  'latitude',
  'longitude',
  'isPrimary',
];

/** What §2.10's tables type each field of a delivery, of its items and of its addresses: a check per type. */
type Check = (v: Json) => boolean;
const isNumber: Check = (v) => typeof v === 'number';
const isString: Check = (v) => typeof v === 'string';
/** "ISO 4217 three-letter code". */
const isCurrency: Check = (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v);
/** "string decimal". */
const isDecimal: Check = (v) => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v);
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const deliveryTypes: Record<string, Check> = {
  width: isNumber,
  height: isNumber,
  depth: isNumber,
  weight: isNumber,
  currency: isCurrency,
  origin: isObject,
  destination: isObject,
  items: (v) => Array.isArray(v) && v.length > 0,
  dispatchDate: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
};
const itemTypes: Record<string, Check> = {
  id: isNumber, // "the product's system ID" (§2.1: "Identifiers are numeric")
  sku: isString,
  commodityCode: isString,
  title: isString,
  quantity: isNumber,
  weight: isNumber,
  priceExcTax: isDecimal,
  priceIncTax: isDecimal,
  currency: isCurrency,
};
/** The address fields §2.10 types; null is an unset one (§2.1), as a warehouse or a destination may lack them. */
const addressTypes: Record<string, Check> = {
  latitude: (v) => v === null || isNumber(v),
  longitude: (v) => v === null || isNumber(v),
  isPrimary: (v) => v === null || typeof v === 'boolean',
};
/** What in a delivery (of a rate or a label request) is missing or not of §2.10's type, one line each. */
function deliveryProblems(delivery: Json): string[] {
  const wrong = (where: string, o: Json, types: Record<string, Check>) =>
    Object.entries(types).flatMap(([k, ok]) =>
      !isObject(o) || !(k in o)
        ? [`${where}.${k}: missing`]
        : ok(o[k])
          ? []
          : [`${where}.${k}: ${JSON.stringify(o[k])}`],
    );
  const problems = wrong('delivery', delivery, deliveryTypes);
  if (problems.length) return problems;
  return [
    ...(delivery.items as Json[]).flatMap((it, i) => wrong(`delivery.items[${i}]`, it, itemTypes)),
    ...wrong('delivery.origin', delivery.origin, addressTypes),
    ...wrong('delivery.destination', delivery.destination, addressTypes),
  ];
}

// Every service a test registers is deleted after it: active services are asked at every checkout of the account.
const registered: { id: number; as: ClientRole }[] = [];
afterEach(async ({ api }) => {
  for (const s of registered.splice(0)) await removeShippingService(api, s.id, s.as).catch(() => undefined);
});

/** A physical product with packaging, a price (GBP unless given) and stock at `locationId` (preferred; D-21, D-43). */
async function stocked(
  api: Api,
  locationId: number,
  o: { fields?: Json; currency?: string; price?: Json } = {},
): Promise<Json> {
  const p = await product(api, { ...unit, ...o.fields });
  // The price's fields are not shown (§2.12): under a stated price body, only the fields it states are written (its
  // `priceExcTax` by the target's name); the prices kept are those the created price shows, which the rate request's
  // items are held to.
  const wanted: Json = { currency: o.currency ?? 'GBP', ...(o.price ?? price) };
  const stated = statedFields('createProductPrice');
  const sent = stated ? pick(wanted, ['currency', ...stated]) : wanted;
  const made = await create(api, 'createProductPrice', sent, { params: { productId: p.id } });
  await create(api, 'createInventory', { productId: p.id, locationId, quantityInStock: 100, isPreferred: true });
  return {
    ...p,
    price: pick(
      sent,
      ['priceExcTax', 'priceIncTax'].filter((f) => made[f] !== undefined),
    ),
  };
}

interface ServiceOptions {
  rates?: Record<string, string | number>;
  labels?: Record<string, string | number> | null;
  fields?: Json;
  as?: ClientRole;
}
/** Registers a shipping service whose ratesUrl (and labelsUrl, unless `labels` is null) is the receiver at `key`. */
async function register(api: Api, key: string, o: ServiceOptions = {}): Promise<Json> {
  const as = o.as ?? 'full';
  const service = await addShippingService(
    api,
    {
      title: `Conformance ${key}`,
      ratesUrl: appUrl(key, 'rates', o.rates),
      labelsUrl: o.labels === null ? null : appUrl(key, 'labels', o.labels ?? {}),
      fixedModifier: 0,
      percentageModifier: 0,
      currency: 'GBP',
      ...o.fields,
    },
    as,
  );
  registered.push({ id: service.id, as });
  return service;
}

/** A checkout of `items` to `destination`, through the target's trigger (lib/triggers.ts): its answer, in D-20's form. */
async function checkout(api: Api, items: Line[], currency = 'GBP'): Promise<Json> {
  const { res, result } = await startCheckout(api, { currency, destination, items });
  expectAccepted(res, 'the checkout');
  expect(result, `the checkout's answer: ${res.text.slice(0, 300)}`).toEqual(expect.any(Object));
  return result;
}
/** A dispatch of `items` to `shipTo` with one option (of the checkout `checkoutId`, if given): the shipment, in D-20's form. */
async function ship(
  api: Api,
  items: Line[],
  shippingServiceId: number,
  serviceCode = 'STD',
  checkoutId?: Json,
): Promise<Json> {
  const { res, result } = await startDispatch(
    api,
    { currency: 'GBP', destination: shipTo, items },
    { shippingServiceId, serviceCode, ...(checkoutId === undefined ? {} : { checkoutId }) },
  );
  expectAccepted(res, 'the dispatch');
  expect(result, `the dispatch's answer: ${res.text.slice(0, 300)}`).toEqual(expect.any(Object));
  return result;
}
/** The deliveries a checkout answered, and the boxes a dispatch did (D-20's answers, where the dialect says). */
const deliveriesOf = (result: Json) => answered(result, 'deliveries', 'checkout') as Json[];
const boxesOf = (shipment: Json) => answered(shipment, 'boxes', 'dispatch') as Json[];

/** Requests of `kind` at a key whose delivery carries one of `productIds` (other tests' checkouts reach it too). */
const about = (kind: string, productIds: number[]) => (r: Recorded) =>
  r.kind === kind && (bodyOf(r)?.delivery?.items ?? []).some((it: Json) => productIds.includes(it?.id));
const optionsOf = (result: Json, service: Json) => {
  // The options the checkout presents, where the dialect says its answer holds them (D-20's `options`): without
  // them, a failure, not a TypeError.
  const options = answered(result, 'options', 'checkout');
  expect(options, `the options of the checkout: ${JSON.stringify(result)?.slice(0, 300)}`).toEqual(expect.any(Array));
  return (options as Json[]).filter((o) => String(o?.shippingServiceId) === String(service.id));
};
const itemIds = (r: Recorded) => (bodyOf(r).delivery.items as Json[]).map((it) => it.id).sort();

/** One product (3 units, location 1) quoted by one service: the single rate request it caused. */
async function oneDelivery(api: Api, o: ServiceOptions = {}) {
  const key = uid('app');
  const p = await stocked(api, 1);
  const service = await register(api, key, o);
  const quantity = 3;
  const result = await checkout(api, [{ productId: p.id, quantity }]);
  const all = await inbox(key);
  const requests = all.filter(about('rates', [p.id]));
  expect(requests, 'rate requests for a one-delivery cart').toHaveLength(1);
  return {
    key,
    p,
    service,
    quantity,
    result,
    all,
    request: requests[0]!,
    delivery: bodyOf(requests[0]!).delivery as Json,
  };
}

/** Two products stocked at two different locations: two deliveries (§4.5 rule 7, D-21). */
async function twoLocations(api: Api): Promise<Json[]> {
  return Promise.all([stocked(api, 1), stocked(api, 2)]);
}

const codesOf = (options: Json[]) => options.map((o) => o.serviceCode as string).sort();
/** D-21: the capacity of one box in grams (the reference server's default `BOX_MAX_WEIGHT`). */
const BOX_MAX_WEIGHT = 30_000;
/** A shipping calculator id (product `shippingClassId`, D-60) no other test uses. */
const freshClassId = () => 100_000 + Math.floor(Math.random() * 900_000_000);

/**
 * Whether a webhook event body carries a callback: a request body of §4.5 (a `delivery` holding `productId`), one of
 * the `received` requests or deliveries as the App got it, or an App's answer (`rates`). A shipment or an order that
 * merely lists the same items is none of these.
 */
function carriesCallback(node: Json, productId: number, received: Json[]): boolean {
  if (Array.isArray(node)) return node.some((n) => carriesCallback(n, productId, received));
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node.rates)) return true;
  const items = node.delivery?.items;
  if (Array.isArray(items) && items.some((it: Json) => it?.id === productId)) return true;
  if (received.some((r) => isDeepStrictEqual(r, node))) return true;
  return Object.values(node).some((v) => carriesCallback(v as Json, productId, received));
}

skipping(manualCheckout, `${MANUAL_CHECKOUT}; see the operator-triggered requirements`, () => {
  requirement(
    {
      id: 'calculateShippingRates.request-fields',
      level: 'MUST',
      source: ['§2.10', '§4.5'],
      basis: 'source',
      quote: 'The request is a POST whose body holds an object `delivery`',
      title:
        'a rate request is a POST of JSON whose `delivery` carries every field of §2.10, and each item every item field',
    },
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

  requirement(
    {
      id: 'calculateShippingRates.request-schema',
      level: 'MUST',
      source: ['§2.10', '§4.5', 'D-16'],
      basis: 'platform',
      title: "a rate request is a signed POST of JSON that matches the document's callback body and headers",
    },
    async ({ api }) => {
      const { request } = await oneDelivery(api);
      expect(request.method).toBe('POST');
      expect(Object.keys(rateCallback.operation.requestBody.content)).toContain(
        (request.headers['content-type'] ?? '').split(';')[0]!.trim(),
      );
      expect(check(rateCallback.bodyPointer, bodyOf(request)), `body against ${rateCallback.bodyPointer}`).toEqual([]);
      expect(headerProblems(request, rateCallback.operation.parameters, rateCallback.paramsPointer)).toEqual([]);
      expect(Math.abs(Number(request.headers['x-store-timestamp']) - request.at / 1000)).toBeLessThan(300);
    },
  );

  // The source's part of request-schema: the body's fields and §2.10's types; the headers and the rest of the
  // document's schema (closed objects, patterns, limits) are D-16's and ours.
  requirement(
    {
      id: 'calculateShippingRates.request-types',
      level: 'MUST',
      source: ['§2.10', '§4.5'],
      basis: 'source',
      quote: 'Rate request and response (callbacks to the App)',
      title:
        "a rate request's delivery, its items and its addresses hold §2.10's fields of §2.10's types: numbers, ISO 4217 codes, decimal strings, a Y-m-d date",
    },
    async ({ api }) => {
      const { delivery } = await oneDelivery(api);
      expect(deliveryProblems(delivery), 'the rate request against §2.10').toEqual([]);
    },
  );

  requirement(
    {
      id: 'calculateShippingRates.signature',
      level: 'MUST',
      source: ['§5', 'D-16', 'D-18'],
      basis: 'platform',
      title: 'a rate request is signed with the secret of the client that registered the service',
    },
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

  requirement(
    {
      id: 'calculateShippingRates.security-headers',
      level: 'MUST',
      source: ['§5', '§4.5'],
      basis: 'source',
      quote: 'carry security headers so that the App can validate them',
      title:
        "a rate request carries security headers the App validates it by: its signature, in the target's scheme, verifies with the secret of the client that registered the service and no other's",
    },
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
  // D-68: the empty string). Issue 24, item 6.
  requirement(
    {
      id: 'calculateShippingRates.commodity-code-empty',
      level: 'MUST',
      source: ['§2.10', 'D-68'],
      basis: 'source',
      quote: 'HS tariff or international commodity code',
      title: 'an item of a product with no commodity code carries commodityCode as a string, not null',
    },
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
  requirement(
    {
      id: 'calculateShippingRates.delivery-totals',
      level: 'MUST',
      source: ['§2.10', 'D-30'],
      basis: 'source',
      quote: 'total sale value for the quantity, excluding tax',
      title:
        'the delivery weighs a number of grams; its items carry the product, the quantity and its totals as decimal strings, in the cart currency',
    },
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
  );
  requirement(
    {
      id: 'calculateShippingRates.delivery-totals.weight',
      level: 'MUST',
      source: ['§2.10', 'D-21', 'D-38'],
      basis: 'decision',
      title:
        "the delivery and its item weigh the product's packagedWeight (grams, D-38) × the quantity, no packaging added (D-21)",
    },
    async ({ api }) => {
      const { quantity, delivery } = await oneDelivery(api);
      expect(delivery.weight).toBe(unit.packagedWeight * quantity);
      expect(delivery.items).toHaveLength(1);
      expect(delivery.items[0].weight).toBe(unit.packagedWeight * quantity);
    },
  );

  requirement(
    {
      id: 'calculateShippingRates.delivery-totals.box',
      level: 'MUST',
      source: ['§2.10', 'D-21', 'D-38'],
      basis: 'decision',
      title: 'the box of one line is in mm, the units standing on their footprint and stacked (D-21)',
    },
    async ({ api }) => {
      const { quantity, delivery } = await oneDelivery(api);
      // D-21: units stand on the footprint of the largest and are stacked
      expect([delivery.width, delivery.height, delivery.depth]).toEqual([
        unit.packagedWidth,
        unit.packagedHeight * quantity,
        unit.packagedDepth,
      ]);
    },
  );

  requirement(
    {
      id: 'calculateShippingRates.dispatch-date-format',
      level: 'MUST',
      source: ['§2.10'],
      basis: 'source',
      quote: 'string `Y-m-d`',
      title: 'a rate request carries dispatchDate, a Y-m-d date',
    },
    async ({ api }) => {
      const { delivery } = await oneDelivery(api);
      expect(delivery.dispatchDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${delivery.dispatchDate}T00:00:00Z`).toISOString().slice(0, 10), 'a real calendar date').toBe(
        delivery.dispatchDate,
      );
    },
  );

  requirement(
    {
      id: 'calculateShippingRates.dispatch-date',
      level: 'MUST',
      source: ['§2.10', 'D-21', 'D-22'],
      basis: 'decision',
      title: 'dispatchDate is a Y-m-d weekday after today, and the answered delivery dates follow from it',
    },
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
  requirement(
    {
      id: 'calculateShippingRates.addresses',
      level: 'MUST',
      source: ['§2.10', 'D-43'],
      basis: 'source',
      quote:
        'Address object: `id`, `firstname`, `lastname`, `company`, `line1`, `line2`, `line3`, `city`, `region`, `country` (name), `countryCode`, `zip`, `latitude` (number), `longitude` (number), `isPrimary` (boolean).',
      title:
        'the rate request carries the checkout destination and the origin warehouse address, with every address field',
    },
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
    requirement(
      {
        id: `calculateShippingRates.prices-formatted-${c.currency.toLowerCase()}`,
        level: 'MUST',
        source: ['§2.10', 'D-22'],
        basis: 'standard',
        standard: 'ISO 4217 (minor units)',
        title: `item prices of a ${c.currency} cart are decimal strings with ${digits} decimals, the currency's ISO 4217 minor units ("formatted per currency")`,
      },
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

  requirement(
    {
      id: 'calculateShippingRates.not-webhook-events',
      level: 'MUST',
      area: 'webhooks',
      source: ['§6', '§4.5', 'D-17'],
      basis: 'source',
      quote: 'Rate and label requests (section 4.5) are calls to the App, not webhook events.',
      title:
        'rate and label requests reach the App as callbacks and are never delivered as webhook events, even to a `*` subscription',
    },
    async ({ api }) => {
      const p = await stocked(api, 1);
      const appKey = uid('app');
      const service = await register(api, appKey);
      const hookKey = uid('wh');
      const hook = await create(api, 'createWebhook', {
        url: appUrl(hookKey, 'hooks'),
        events: ['*'],
        metadata: { suite: 'conformance', key: hookKey },
      });
      try {
        const checkedOut = await checkout(api, [{ productId: p.id, quantity: 1 }]);
        await ship(api, [{ productId: p.id, quantity: 1 }], service.id, 'STD', checkedOut?.id);
        const app = await inbox(appKey);
        const requests = [...app.filter(about('rates', [p.id])), ...app.filter(about('labels', [p.id]))];
        expect(app.filter(about('rates', [p.id])), 'the rate request, at the App').toHaveLength(1);
        expect(app.filter(about('labels', [p.id])), 'the label request, at the App').toHaveLength(1);
        // Control: a product made after the dispatch is delivered to the `*` subscription (its event and resource
        // read where the dialect says a delivery holds them); whatever was queued before it has had time to arrive.
        const marker = await product(api);
        await waitFor(hookKey, (r) => resourceOfDelivery(r)?.id === marker.id, { timeoutMs: 15_000 }).catch((err) => {
          throw new NotApplicable(
            `the control: no delivery about the product made after the dispatch reached a * subscription in 15 s (read at deliveries.resource, D-17): ${(err as Error).message.split('\n')[0]}`,
          );
        });
        await quietPeriod(1000);
        const received = requests.flatMap((r) => [bodyOf(r), bodyOf(r)?.delivery]);
        const events = (await inbox(hookKey)).filter((r) => r.kind === 'hooks');
        const callbacks = events.filter((r) => carriesCallback(bodyOf(r), p.id, received));
        expect(
          callbacks.map((r) => `${eventOf(r)}: ${JSON.stringify(resourceOfDelivery(r)).slice(0, 160)}`),
          'events that carry a rate or label request',
        ).toEqual([]);
      } finally {
        await api.call('deleteWebhook', { params: { id: hook.id } }).catch(() => undefined);
      }
    },
  );
});

skipping(manualCheckout, MANUAL_CHECKOUT, () => {
  // However a target splits the cart (§4.5 rule 7 leaves it to packaging, boxes and settings), each delivery it
  // answers got one rate request of its own: the split itself is D-21's (split-by-location, split-by-weight).
  requirement(
    {
      id: 'calculateCheckoutRates.one-request-per-delivery',
      level: 'MUST',
      source: ['§4.5'],
      basis: 'source',
      quote: 'Each delivery gets its own rate request.',
      title: 'each delivery of a cart gets its own rate request, holding that delivery',
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      await register(api, key);
      const result = await checkout(api, [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
      ]);
      const deliveries = deliveriesOf(result);
      expect(deliveries, 'the deliveries of the checkout').toEqual(expect.any(Array));
      expect(deliveries.length).toBeGreaterThan(0);
      const requests = (await inbox(key)).filter(about('rates', [a.id, b.id]));
      expect(requests, 'one rate request per delivery').toHaveLength(deliveries.length);
      for (const r of requests)
        expect(deliveries, 'each delivery is answered as it was sent').toContainEqual(bodyOf(r).delivery);
    },
  );

  requirement(
    {
      id: 'calculateCheckoutRates.split-by-location',
      level: 'MUST',
      source: ['§4.5', 'D-21'],
      basis: 'decision',
      title: 'a cart stocked at two locations is two deliveries, each with its own rate request from its own origin',
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      await register(api, key);
      const result = await checkout(api, [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
      ]);
      expect(deliveriesOf(result)).toHaveLength(2);
      const requests = (await inbox(key)).filter(about('rates', [a.id, b.id]));
      expect(requests.map(itemIds).sort()).toEqual([[a.id], [b.id]].sort());
      const [oa, ob] = [a, b].map((p) => bodyOf(requests.find((r) => itemIds(r)[0] === p.id)!).delivery.origin);
      expect(oa).not.toEqual(ob);
    },
  );

  requirement(
    {
      id: 'calculateCheckoutRates.common-options',
      level: 'MUST',
      source: ['§4.5'],
      basis: 'source',
      quote: 'presents the commonly available options',
      title: 'only the options offered for every delivery are presented',
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      // The receiver answers the sets in turn (STD,EXP then STD, …): two concurrent requests get different sets.
      const service = await register(api, key, { rates: { codes: Array(12).fill('STD,EXP|STD').join('|') } });
      const cart = [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ];
      let answered: string[][] = [];
      let result: Json;
      for (let attempt = 0; attempt < 3; attempt++) {
        // another checkout may have taken a turn between ours
        result = await checkout(api, cart);
        const all = await inbox(key);
        const mine = all.filter(about('rates', [a.id, b.id])).slice(-2);
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
    },
  );

  requirement(
    {
      id: 'calculateCheckoutRates.sum',
      level: 'MUST',
      source: ['§4.5'],
      basis: 'source',
      quote: 'aggregates the postage options and the total costs',
      title:
        "without modifiers, an option's price is the sum of the rates the deliveries got for it, in the cart currency",
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      const service = await register(api, key, { rates: { price: '3.75' } });
      const result = await checkout(api, [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ]);
      const all = await inbox(key);
      const answers = all.filter(about('rates', [a.id, b.id])).map((r) => scriptedRates(all, r));
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
  for (const m of [
    { field: 'fixedModifier', value: 1.5, applied: (price: number) => price + 1.5, what: 'a fixed value' },
    { field: 'percentageModifier', value: 20, applied: (price: number) => price * 1.2, what: 'a percentage' },
  ])
    requirement(
      {
        id: `calculateCheckoutRates.${m.field === 'fixedModifier' ? 'fixed' : 'percentage'}-modifier`,
        level: 'MUST',
        source: ['§4.5', 'D-18'],
        basis: 'source',
        quote: 'Administrators may add a fixed value and/or a percentage modifier to the costs returned.',
        title: `a service's ${m.what} modifier is applied to the costs its App returned`,
      },
      async ({ api }) => {
        const { result, service, all, request } = await oneDelivery(api, {
          rates: { price: '3.75' },
          fields: { [m.field]: m.value },
        });
        const rates = scriptedRates(all, request);
        const options = optionsOf(result, service);
        expect(codesOf(options)).toEqual(codesOf(rates));
        for (const o of options)
          for (const field of ['priceExcTax', 'priceIncTax'] as const)
            expectMoney(
              o[field],
              m.applied(rates.find((x) => x.serviceCode === o.serviceCode)![field]),
              `${o.serviceCode} ${field}, ${m.field} ${m.value}`,
            );
      },
    );

  requirement(
    {
      id: 'calculateCheckoutRates.sum-and-modifiers',
      level: 'MUST',
      source: ['§4.5', 'D-22'],
      basis: 'decision',
      title:
        "an option's price is the sum over the deliveries with the service's percentage and fixed modifiers applied",
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      const fields = { percentageModifier: 10, fixedModifier: 1.5 };
      const service = await register(api, key, { rates: { price: '3.75' }, fields });
      const result = await checkout(api, [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ]);
      const all = await inbox(key);
      const answers = all.filter(about('rates', [a.id, b.id])).map((r) => scriptedRates(all, r));
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

  requirement(
    {
      id: 'calculateCheckoutRates.currency-conversion',
      level: 'MUST',
      source: ['§2.10', '§7', 'D-22'],
      basis: 'source',
      quote: 'the service converts the prices rather than rejecting the response',
      title: 'a rate answered in another currency is converted to the cart currency, not rejected',
    },
    async ({ api }) => {
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
    },
  );

  for (const c of currencyCarts) {
    const digits = minorUnits(c.currency);
    requirement(
      {
        id: `calculateCheckoutRates.totals-rounded-${c.currency.toLowerCase()}`,
        level: 'MUST',
        source: ['§2.10', '§7', 'D-22'],
        basis: 'decision',
        title: `the options of a ${c.currency} cart are rounded to ${digits} decimals (its minor units) after modifiers, and after converting an App's answer in another currency; its rate request matches the document`,
      },
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

  requirement(
    {
      id: 'calculateCheckoutRates.app-extra-fields',
      level: 'MUST',
      source: ['§4.5', '§7', 'D-59'],
      basis: 'decision',
      title:
        "an App whose rate answer and rates carry fields beyond the document's is still offered, without those fields",
    },
    async ({ api }) => {
      const { result, service, all, request } = await oneDelivery(api, { rates: { extra: 1 } });
      const options = optionsOf(result, service);
      expect(codesOf(options)).toEqual(codesOf(scriptedRates(all, request)));
      for (const o of options) expect(Object.keys(o)).not.toContain('carrier');
    },
  );

  requirement(
    {
      id: 'calculateCheckoutRates.no-label-request',
      level: 'MUST',
      source: ['§4.5'],
      basis: 'source',
      quote: 'A rate request is a quotation only',
      title: 'a checkout is a quotation only: it sends no label request, even to a service with labelsUrl',
    },
    async ({ api }) => {
      const { key, service } = await oneDelivery(api);
      expect(service.labelsUrl).toEqual(expect.any(String));
      await quietPeriod(1000); // a label request sent after the answer would still arrive
      expect(
        (await inbox(key)).filter((r) => r.kind === 'labels').map((r) => r.body.slice(0, 200)),
        'label requests',
      ).toEqual([]);
    },
  );

  requirement(
    {
      id: 'calculateCheckoutRates.landed-costs-included',
      level: 'MUST',
      source: ['§4.5', 'D-59'],
      // How an App marks the landed costs in a rate (`landedCosts`) is D-59's; whatever a target makes of the mark, the
      // rate's price is the shipping cost.
      basis: 'source',
      quote: 'When a rate included landed costs, the service uses that value as the shipping cost',
      title: 'a rate that includes landed costs is offered at its whole price: duties are not separated from shipping',
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      const service = await register(api, key, { rates: { landed: 1.25 } });
      const result = await checkout(api, [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ]);
      const all = await inbox(key);
      const answers = all.filter(about('rates', [a.id, b.id])).map((r) => scriptedRates(all, r));
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

  requirement(
    {
      id: 'calculateCheckoutRates.split-by-weight',
      level: 'MUST',
      source: ['§4.5', 'D-21'],
      basis: 'decision',
      title:
        'a cart heavier than one box (30 000 g) from one location is split by weight and packaging; each box is a delivery with its own rate request',
    },
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
  requirement(
    {
      id: 'calculateCheckoutRates.shipping-calculators-apply',
      level: 'MUST',
      source: ['§4.5', '§2.3'],
      basis: 'source',
      quote: 'a shipping service only applies to products whose calculator defines it',
      title:
        "a service that only a product's calculator defines is offered for a cart of that product, and not for a cart holding a product of another calculator",
    },
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
  requirement(
    {
      id: 'calculateCheckoutRates.shipping-calculators',
      level: 'MUST',
      source: ['§4.5', 'D-60'],
      basis: 'decision',
      title:
        'a service restricted to some shipping calculators is offered for carts of their products only, and gets no rate request for a delivery it cannot serve',
    },
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
    const basis =
      mode === 'slow'
        ? { basis: 'decision' as const }
        : {
            basis: 'source' as const,
            quote: "the service silently ignores the failure, and the App's options do not appear at checkout",
          };
    requirement(
      {
        id: `calculateCheckoutRates.drops-${mode}-app`,
        level: 'MUST',
        source: ['§7', '§4.5', 'D-22'],
        ...basis,
        title: `an App that answers mode=${mode} is left out silently; the other App's options are presented`,
      },
      async ({ api }) => {
        const p = await stocked(api, 1);
        const [good, bad] = [uid('good'), uid(mode)];
        const goodService = await register(api, good);
        const badService = await register(api, bad, { rates: { mode } });
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
    requirement(
      {
        id: `${operationId}.quantity-max`,
        level: 'MUST',
        source: ['D-65', 'D-20'],
        basis: 'decision',
        title: `refuses a cart line of more than ${MAX_QUANTITY} units with 422 naming its quantity`,
      },
      async ({ api }) => {
        // Without packaging the units fill no box: a target that took the line would ask each service once.
        const p = await stocked(api, 1, { fields: { packagedWeight: null } });
        const { res } = await start(api, [{ productId: p.id, quantity: MAX_QUANTITY + 1 }]);
        expect(res.status, res.text.slice(0, 300)).toBe(422);
        expect(errorNames(res)).toContain('data.items.0.quantity');
      },
    );

  requirement(
    {
      id: 'calculateCheckoutRates.max-deliveries',
      level: 'MUST',
      source: ['D-65', 'D-21', '§4.5'],
      basis: 'decision',
      title: `refuses a cart of more than ${MAX_DELIVERIES} deliveries with 422 naming data.items, asking no App`,
    },
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

skipping(manualDispatch, MANUAL_DISPATCH, () => {
  // A box is what the shipment answers (D-49); that each gets one request, with the chosen serviceCode, is §4.5's.
  requirement(
    {
      id: 'createShippingLabel.one-per-box',
      level: 'MUST',
      source: ['§2.11', '§4.5', 'D-49'],
      basis: 'source',
      quote: 'A label request covers one box.',
      title:
        "one label request per box, holding that box's items and the chosen serviceCode, to the chosen service's labels address only",
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const [chosenKey, otherKey] = [uid('app'), uid('app')];
      const chosen = await register(api, chosenKey);
      await register(api, otherKey);
      const shipment = await ship(
        api,
        [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ],
        chosen.id,
        'STD',
      );
      expect(boxesOf(shipment), 'the boxes of the shipment').toEqual(expect.any(Array));
      const boxes = boxesOf(shipment).map((box) => ((box?.items ?? []) as Json[]).map((it) => it?.id).sort());
      expect(boxes.length).toBeGreaterThan(0);
      const requests = (await inbox(chosenKey)).filter(about('labels', [a.id, b.id]));
      expect(requests.map(itemIds).sort(), 'the items of each label request: those of one box').toEqual(
        [...boxes].sort(),
      );
      for (const r of requests) expect(bodyOf(r).delivery.serviceCode).toBe('STD');
      expect(
        (await inbox(otherKey)).filter(about('labels', [a.id, b.id])),
        'label requests to a service that was not chosen',
      ).toEqual([]);
    },
  );

  requirement(
    {
      id: 'createShippingLabel.request-schema',
      level: 'MUST',
      source: ['§2.11', 'D-16', 'D-49'],
      basis: 'platform',
      title:
        "each box of a two-location shipment gets a label request signed with the registering client's secret, matching the document's callback body and headers",
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      const chosen = await register(api, key);
      const shipment = await ship(
        api,
        [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ],
        chosen.id,
        'STD',
      );
      expect(boxesOf(shipment)).toHaveLength(2);
      const requests = (await inbox(key)).filter(about('labels', [a.id, b.id]));
      expect(requests).toHaveLength(2);
      for (const r of requests) {
        expect(check(labelCallback.bodyPointer, bodyOf(r)), `body against ${labelCallback.bodyPointer}`).toEqual([]);
        expect(headerProblems(r, labelCallback.operation.parameters, labelCallback.paramsPointer)).toEqual([]);
        expect(signatureValid(r, config.clients.full.clientSecret)).toBe(true);
      }
    },
  );
});

skipping(manualDispatch, MANUAL_DISPATCH, () => {
  // The source's part of createShippingLabel.request-schema (§2.10, §2.11): the fields and types of a label request;
  // its headers, its signature and the rest of the document's schema are D-16's and ours.
  const labelRequests = async (api: Api) => {
    const p = await stocked(api, 1);
    const key = uid('app');
    const chosen = await register(api, key);
    await ship(api, [{ productId: p.id, quantity: 2 }], chosen.id, 'STD');
    const requests = (await inbox(key)).filter(about('labels', [p.id]));
    expect(requests.length, 'label requests for the shipment').toBeGreaterThan(0);
    return requests;
  };
  requirement(
    {
      id: 'createShippingLabel.request-fields',
      level: 'MUST',
      source: ['§2.11', '§2.10'],
      basis: 'source',
      quote: 'with the same fields as the rate request plus `serviceCode`',
      title:
        "a label request is a POST whose delivery holds the rate request's fields, of §2.10's types, and the serviceCode the App returned",
    },
    async ({ api }) => {
      for (const r of await labelRequests(api)) {
        expect(r.method).toBe('POST');
        const delivery = bodyOf(r)?.delivery;
        expect(deliveryProblems(delivery), 'the label request against §2.10').toEqual([]);
        expect(delivery.serviceCode, 'serviceCode: the one the App returned in its rates').toBe('STD');
      }
    },
  );
  requirement(
    {
      id: 'createShippingLabel.security-headers',
      level: 'MUST',
      source: ['§5', '§4.5'],
      basis: 'source',
      quote: 'carry security headers so that the App can validate them',
      title:
        "a label request carries security headers the App validates it by: its signature, in the target's scheme, verifies with the secret of the client that registered the service and no other's",
    },
    async ({ api }) => {
      for (const r of await labelRequests(api))
        expectValidatable(r, config.clients.full.clientSecret, config.clients.other.clientSecret, 'the label request');
    },
  );
  requirement(
    {
      id: 'createShippingLabel.addresses',
      level: 'MUST',
      source: ['§2.10', '§2.11'],
      basis: 'source',
      quote: 'Label requests add `title` and `phone`.',
      title: "a label request's origin and destination carry every address field of §2.10, title and phone included",
    },
    async ({ api }) => {
      for (const r of await labelRequests(api)) {
        const { delivery } = bodyOf(r);
        for (const address of [delivery?.origin, delivery?.destination])
          expect(Object.keys(address ?? {})).toEqual(expect.arrayContaining([...addressFields, 'title', 'phone']));
      }
    },
  );

  requirement(
    {
      id: 'createShipment.stores-labels',
      level: 'MUST',
      source: ['§2.11', 'D-49'],
      basis: 'decision',
      title: 'each box keeps the label its own request was answered with; getShipment returns it',
    },
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      const service = await register(api, key);
      const shipment = await ship(
        api,
        [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ],
        service.id,
      );
      const labels = (await inbox(key)).filter((r) => r.kind === 'labels');
      for (const box of boxesOf(shipment)) {
        const n = labels.findIndex(
          (r) => JSON.stringify(itemIds(r)) === JSON.stringify(box.items.map((it: Json) => it.id).sort()),
        );
        expect(n, 'a label request for this box').toBeGreaterThanOrEqual(0);
        expect(box.labelStatus).toBe('created');
        expect(box.trackingNumber).toBe(`TRK-${key}-${n + 1}`); // the receiver's answer to that request
        expect(box.label).toMatchObject({
          trackingNumber: box.trackingNumber,
          currency: 'GBP',
          priceExcTax: '3.00',
          priceIncTax: '3.60',
        });
      }
      const got = await api.call('getShipment', { params: { id: shipment.id } });
      expect(got.status).toBe(200);
      expect(got.body?.data).toEqual(shipment);
    },
  );

  requirement(
    {
      id: 'createShipment.app-extra-fields',
      level: 'MUST',
      source: ['§2.11', '§4.5', 'D-59'],
      basis: 'decision',
      title: "a label answer carrying fields beyond the document's is stored, with the fields of §2.11 only",
    },
    async ({ api }) => {
      const p = await stocked(api, 1);
      const key = uid('app');
      const service = await register(api, key, { labels: { extra: 1 } });
      const shipment = await ship(api, [{ productId: p.id, quantity: 1 }], service.id);
      expect(boxesOf(shipment)).toHaveLength(1);
      const [box] = boxesOf(shipment);
      expect(box.labelStatus).toBe('created');
      expect(box.label).toEqual({
        currency: 'GBP',
        image: 'data:image/png;base64,iVBORw0KGgo=',
        priceExcTax: '3.00',
        priceIncTax: '3.60',
        trackingNumber: box.trackingNumber,
      });
      expect(box.trackingNumber).toMatch(new RegExp(`^TRK-${key}-\\d+$`));
    },
  );

  requirement(
    {
      id: 'createShipment.no-labels-url',
      level: 'MUST',
      source: ['§4.5', 'D-49'],
      basis: 'source',
      quote: 'Label requests are sent only if the shipping service supplied `labelsUrl`.',
      title: 'a service without labelsUrl gets no label request',
    },
    async ({ api }) => {
      const p = await stocked(api, 1);
      const key = uid('app');
      const service = await register(api, key, { labels: null });
      expect(service.labelsUrl ?? null).toBeNull();
      await ship(api, [{ productId: p.id, quantity: 2 }], service.id);
      expect(
        (await inbox(key)).filter((r) => r.kind !== 'rates' || bodyOf(r)?.delivery?.serviceCode !== undefined),
        'label requests',
      ).toEqual([]);
    },
  );

  requirement(
    {
      id: 'createShipment.no-labels-url.status',
      level: 'MUST',
      source: ['D-49', 'D-58'],
      basis: 'decision',
      title:
        'the boxes shipped by a service without labelsUrl are labelStatus skipped, with no tracking number or label',
    },
    async ({ api }) => {
      const p = await stocked(api, 1);
      const service = await register(api, uid('app'), { labels: null });
      expect(service.labelsUrl).toBeNull();
      const shipment = await ship(api, [{ productId: p.id, quantity: 2 }], service.id);
      expect(boxesOf(shipment).length).toBeGreaterThan(0);
      for (const box of boxesOf(shipment))
        expect(box).toMatchObject({ labelStatus: 'skipped', trackingNumber: null, label: null });
    },
  );

  requirement(
    {
      id: 'createShipment.label-failure',
      level: 'MUST',
      source: ['D-49'],
      basis: 'decision',
      title: 'a failing label request leaves its box labelStatus failed without failing the shipment',
    },
    async ({ api }) => {
      const p = await stocked(api, 1);
      const key = uid('app');
      const service = await register(api, key, { labels: { mode: 'fail' } });
      const shipment = await ship(api, [{ productId: p.id, quantity: 1 }], service.id);
      expect((await inbox(key)).filter(about('labels', [p.id])), 'the label request was made').toHaveLength(1);
      expect(boxesOf(shipment)).toHaveLength(1);
      expect(boxesOf(shipment)[0]).toMatchObject({ labelStatus: 'failed', trackingNumber: null, label: null });
    },
  );
});

// ── Targets without the trigger operations (D-20): an operator causes a checkout by hand ──

const MANUAL_KEY = 'manual';
// How long an operator has to trigger the checkout (CONFORMANCE_MANUAL_TIMEOUT_MS, default 120 s).
const MANUAL_MS = config.manualTimeoutMs;

/**
 * Registers the receiver where the target adds shipping services (D-18's, or the dialect's `shippingServices`), tells
 * the operator what to do, waits. The dialect's `checkout` would let the suite start the checkout itself.
 */
async function operatorRateRequest(api: Api): Promise<Recorded> {
  requirementTimeout(MANUAL_MS + 30_000);
  const url = appUrl(MANUAL_KEY, 'rates');
  let how = `register a shipping service of client ${config.clients.full.clientId} with ratesUrl ${url}, then`;
  try {
    const s = await addShippingService(api, { title: 'Conformance (operator)', ratesUrl: url, labelsUrl: null });
    registered.push({ id: s.id, as: 'full' });
    how = `the suite registered shipping service ${s.id} with ratesUrl ${url};`;
  } catch {
    /* the target may not offer D-18's endpoint, nor the dialect state its own: the operator registers it */
  }
  console.log(
    `\n[conformance] OPERATOR: ${how} start a checkout at the target within ${MANUAL_MS / 1000} s so that it posts a rate request to ${url}\n  (state the target's own checkout trigger in the dialect as checkout to have the suite start it)\n`,
  );
  const [r] = await waitFor(MANUAL_KEY, (x) => x.kind === 'rates', { timeoutMs: MANUAL_MS, intervalMs: 500 });
  return r!;
}

skipping(
  !config.manualCallbacks,
  'only with CONFORMANCE_MANUAL_CALLBACKS=1 (targets without the reference extensions, D-20)',
  () => {
    requirement(
      {
        id: 'calculateShippingRates.manual-request',
        level: 'MUST',
        source: ['§2.10', '§4.5', 'D-16', 'D-20'],
        basis: 'platform',
        title: "an operator-triggered rate request is a POST of JSON matching the document's callback body and headers",
      },
      async ({ api }) => {
        const r = await operatorRateRequest(api);
        expect(r.method).toBe('POST');
        expect(check(rateCallback.bodyPointer, bodyOf(r)), `body against ${rateCallback.bodyPointer}`).toEqual([]);
        expect(headerProblems(r, rateCallback.operation.parameters, rateCallback.paramsPointer)).toEqual([]);
        const d = bodyOf(r).delivery;
        expect(
          d.items.reduce((s: number, it: Json) => s + it.weight, 0),
          'delivery weight vs its items',
        ).toBeLessThanOrEqual(d.weight);
      },
    );

    requirement(
      {
        id: 'calculateShippingRates.manual-signature',
        level: 'MUST',
        source: ['§5', 'D-16', 'D-20'],
        basis: 'platform',
        title: "an operator-triggered rate request is signed with the registering client's secret",
      },
      async ({ api }) => {
        const r = await operatorRateRequest(api);
        const signer = Object.entries(config.clients).find(([, c]) => signatureValid(r, c.clientSecret));
        expect(
          signer?.[0],
          `${config.dialect.dialect.signatures.header} ${r.headers[config.dialect.dialect.signatures.header]} verifies with no configured client's secret (signatures)`,
        ).toBe('full');
      },
    );
  },
);
