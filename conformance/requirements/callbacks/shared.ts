// What the requirements of callbacks (and webhooks.ts's not-webhook-events) share: the document's two callbacks, the
// judgement of their requests against it and the recorded requests as exchanges to judge, the fields §2.10 gives a
// delivery, its items and its addresses, with their types; products stocked for a checkout, shipping services
// registered at the App receiver (and deleted after each requirement: every active one is asked at every checkout of
// the account), the checkout and dispatch triggers (D-20), and reading the requests the receiver recorded.
// It declares no requirement.
import { expect, afterEach } from '../../lib/requirement.ts';
import { check, doc, schema, type Json } from '../../lib/contract.ts';
import { config, type ClientRole } from '../../lib/config.ts';
import { baseBody, create, exampleOf, pick, product, uid } from '../../lib/fixtures.ts';
import { appUrl, bodyOf, headerParams, inbox, requestSchemaPointer, type Recorded } from '../../lib/inbox.ts';
import type { Api } from '../../lib/api.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import { jsonOf, mediaType } from '../../lib/judging/exchange.ts';
import { statedFields } from '../../lib/updates.ts';
import {
  addShippingService,
  answered,
  checkoutStarted,
  dispatchStarted,
  removeShippingService,
  type Line,
} from '../../lib/triggers.ts';

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

// Under CONFORMANCE_MANUAL_CALLBACKS=1 an operator starts a checkout in place of the suite; the dialect's keys let
// the suite start them itself on any target.
export const manualCheckout = config.manualCallbacks && !config.dialect.dialect.checkout;
export const manualDispatch = config.manualCallbacks && !config.dialect.dialect.dispatch;
export const MANUAL_CHECKOUT =
  'CONFORMANCE_MANUAL_CALLBACKS=1: the target has no checkout trigger (state its own in the dialect as checkout, and shippingServices, to judge these)';
export const MANUAL_DISPATCH =
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
export const rateCallback = callbackOf('ratesUrl');
export const labelCallback = callbackOf('labelsUrl');

/**
 * D-16, §4.5: a callback's request as the document declares it: a POST of JSON matching its body schema, with its
 * header parameters (each required one present, each value of its schema), stamped within 5 minutes of its arrival.
 * Read from the exchange of the target's call to an App (`direction` callback): relayed by the proxy, or recorded by
 * the receiver and given to the requirement's judgement by its act (`observe`).
 */
export const requestSchemaJudge = (operationId: string, cb: typeof rateCallback): Judge => ({
  operation: '',
  reads: `a ${operationId} request the target sent an App`,
  on: (r) => r.x.direction === 'callback' && r.x.callback === operationId,
  gap: (r) => {
    const { x } = r;
    const types = Object.keys(cb.operation.requestBody.content);
    const timestamp = Number(x.requestHeaders['x-store-timestamp']);
    const problems = [
      ...(x.method !== 'POST' ? [`method ${x.method}, expected POST`] : []),
      ...(types.includes(mediaType(x.requestHeaders['content-type']))
        ? []
        : [`content type ${x.requestHeaders['content-type'] ?? '(none)'}, expected ${types.join(' or ')}`]),
      ...check(cb.bodyPointer, jsonOf(x.requestBody, x.requestLength)).map(
        (p) => `body against ${cb.bodyPointer}: ${p}`,
      ),
      ...headerParams(cb.operation.parameters, cb.paramsPointer).flatMap((h) => {
        const value = x.requestHeaders[h.name.toLowerCase()];
        if (value === undefined) return h.required ? [`header ${h.name} is missing`] : [];
        return check(h.pointer, value).map((p) => `header ${h.name}: "${value}" ${p}`);
      }),
      ...(Math.abs(timestamp - x.started / 1000) < 300
        ? []
        : [
            `X-Store-Timestamp ${x.requestHeaders['x-store-timestamp'] ?? '(none)'}: not within 5 minutes of its arrival`,
          ]),
    ];
    return problems.length ? `the ${operationId} request: ${problems.slice(0, 3).join('; ')}` : undefined;
  },
});
/**
 * The requests the receiver recorded at `key`, as exchanges of the requirement's act (lib/judging/exchange.ts): the
 * target's calls to an App the act caused, which its judgement reads as the proxy reads those it relays. The answer is
 * the receiver's URL scheme's (lib/receiver.ts): 500 where told to fail, else 200.
 */
export function observe(api: Api, key: string, requests: Recorded[], callback: string): void {
  for (const r of requests) {
    const body = Buffer.from(r.body);
    const url = `/${key}/${r.kind}${Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : ''}`;
    const head = `${r.method} ${url} HTTP/1.1\r\n${Object.entries(r.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`;
    api.observed.push({
      seq: api.observed.length + 1,
      direction: 'callback',
      started: r.at,
      ended: r.at,
      method: r.method,
      url,
      upstream: `${config.receiverUrl.replace(/\/$/, '')}${url}`,
      requestHeaders: r.headers,
      requestHeadBytes: Buffer.byteLength(head),
      requestBody: body,
      requestLength: body.length,
      status: r.query.mode === 'fail' ? 500 : 200,
      responseHeaders: {},
      responseBody: Buffer.alloc(0),
      responseLength: 0,
      callback,
    });
  }
}

export const destination: Json = exampleOf('calculateCheckoutRates').data.destination;
export const shipTo: Json = exampleOf('createShipment').data.destination;
/** Per-unit packaging (grams, millimetres; D-38) and price of the products made here (D-30). */
export const unit = {
  packagedWeight: 280,
  packagedWidth: 180,
  packagedHeight: 60,
  packagedDepth: 120,
  commodityCode: '0902.30',
};
export const price = { priceExcTax: 4.25, priceIncTax: 5.1 };
export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
export const expectMoney = (actual: number, expected: number, what: string) =>
  expect(Math.abs(actual - expected), `${what}: ${actual}, expected ${round2(expected)}`).toBeLessThanOrEqual(
    0.0100001,
  );
/** A price within [low, high] (a rule that allows a range), to a cent either way. */
export const expectMoneyBetween = (actual: number, low: number, high: number, what: string) => {
  if (Math.abs(high - low) < 0.005) return expectMoney(actual, low, what);
  expect(
    actual >= Math.min(low, high) - 0.0100001 && actual <= Math.max(low, high) + 0.0100001,
    `${what}: ${actual}, expected from ${round2(Math.min(low, high))} to ${round2(Math.max(low, high))}`,
  ).toBe(true);
};
/** ISO 4217 minor units of a currency (JPY 0, GBP 2, KWD 3), as Intl knows them: "formatted per currency" (§2.10). */
export const minorUnits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
/** Decimals written in a number or decimal string. */
export const decimalsOf = (v: number | string) => (String(v).split('.')[1] ?? '').length;
/** Carts in currencies whose minor units differ from 2 (D-22), with a unit price that needs them. */
export const currencyCarts = [
  { currency: 'JPY', price: { priceExcTax: 1250, priceIncTax: 1500 }, quote: 1001 },
  { currency: 'KWD', price: { priceExcTax: 1.125, priceIncTax: 1.35 }, quote: 4.5 },
];
/** Carts whose item prices must be written with the currency's minor units: GBP (2) and those above. */
export const formattedCarts = [{ currency: 'GBP', price }, ...currencyCarts];
/** §2.10's fields of a rate request's `delivery` and of its items. */
export const deliveryFields = [
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
export const itemFields = [
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
/** The fields a label request adds to an address (§2.10): those LabelDelivery requires of its origin, `title` and `phone`. */
export const labelAddressFields: string[] = (schema('LabelDelivery').allOf as Json[])
  .flatMap((part) => part.properties?.origin?.allOf ?? [])
  .flatMap((part: Json) => part.required ?? []);
/** §2.10's address object, the document's Address, without the fields only a label request's carry. */
export const addressFields = Object.keys(schema('Address').properties as Json).filter(
  (f) => !labelAddressFields.includes(f),
);

/** What §2.10's tables type each field of a delivery, of its items and of its addresses: a check per type. */
type Check = (v: Json) => boolean;
export const isNumber: Check = (v) => typeof v === 'number';
export const isString: Check = (v) => typeof v === 'string';
/** "ISO 4217 three-letter code". */
export const isCurrency: Check = (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v);
/** "string decimal". */
export const isDecimal: Check = (v) => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v);
export const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
export const deliveryTypes: Record<string, Check> = {
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
export const itemTypes: Record<string, Check> = {
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
export const addressTypes: Record<string, Check> = {
  latitude: (v) => v === null || isNumber(v),
  longitude: (v) => v === null || isNumber(v),
  isPrimary: (v) => v === null || typeof v === 'boolean',
};
/** What in a delivery (of a rate or a label request) is missing or not of §2.10's type, one line each. */
export function deliveryProblems(delivery: Json): string[] {
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
export const registered: { id: number; as: ClientRole }[] = [];
afterEach(async ({ api }) => {
  for (const s of registered.splice(0)) await removeShippingService(api, s.id, s.as).catch(() => undefined);
});

/** A physical product with packaging, a price (GBP unless given) and stock at `locationId` (preferred; D-21, D-43). */
export async function stocked(
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

const MODIFIERS = ['fixedModifier', 'percentageModifier'];
export interface ServiceOptions {
  rates?: Record<string, string | number>;
  labels?: Record<string, string | number> | null;
  fields?: Json;
  as?: ClientRole;
}
/**
 * Registers a shipping service whose ratesUrl (and labelsUrl, unless `labels` is null: then none is sent, §4.5 rule 2)
 * is the receiver at `key`. The body is the stated one (else our example) with only what §4.5 rule 1 gives a service,
 * its addresses, and the requirement's own `fields` (a modifier, a calculator): nothing the source does not show.
 */
export async function register(api: Api, key: string, o: ServiceOptions = {}): Promise<Json> {
  const as = o.as ?? 'full';
  // Rule 10's modifiers are what a requirement about them sets; a base body that holds some (our example's) gets none.
  const base = baseBody(api, 'createShippingService').data as Json;
  const neutral = Object.fromEntries(MODIFIERS.filter((f) => f in base).map((f) => [f, 0]));
  const service = await addShippingService(
    api,
    {
      ...neutral,
      ratesUrl: appUrl(key, 'rates', o.rates),
      labelsUrl: o.labels === null ? undefined : appUrl(key, 'labels', o.labels ?? {}),
      ...o.fields,
    },
    as,
  );
  registered.push({ id: service.id, as });
  return service;
}

/** A checkout of `items` to `destination`, through the target's trigger (lib/triggers.ts): its answer, in D-20's form. */
export const checkout = (api: Api, items: Line[], currency = 'GBP'): Promise<Json> =>
  checkoutStarted(api, { currency, destination, items });
/** A dispatch of `items` to `shipTo` with one option (of the checkout `checkoutId`, if given): the shipment, in D-20's form. */
export async function ship(
  api: Api,
  items: Line[],
  shippingServiceId: number,
  serviceCode = 'STD',
  checkoutId?: Json,
): Promise<Json> {
  return dispatchStarted(
    api,
    { currency: 'GBP', destination: shipTo, items },
    { shippingServiceId, serviceCode, ...(checkoutId === undefined ? {} : { checkoutId }) },
  );
}
/** The deliveries a checkout answered, and the boxes a dispatch did (D-20's answers, where the dialect says). */
export const deliveriesOf = (result: Json) => answered(result, 'deliveries', 'checkout') as Json[];
export const boxesOf = (shipment: Json) => answered(shipment, 'boxes', 'dispatch') as Json[];

/** Requests of `kind` at a key whose delivery carries one of `productIds` (other tests' checkouts reach it too). */
export const about = (kind: string, productIds: number[]) => (r: Recorded) =>
  r.kind === kind && (bodyOf(r)?.delivery?.items ?? []).some((it: Json) => productIds.includes(it?.id));
export const optionsOf = (result: Json, service: Json) => {
  // The options the checkout presents, where the dialect says its answer holds them (D-20's `options`): without
  // them, a failure, not a TypeError.
  const options = answered(result, 'options', 'checkout');
  expect(options, `the options of the checkout: ${JSON.stringify(result)?.slice(0, 300)}`).toEqual(expect.any(Array));
  return (options as Json[]).filter((o) => String(o?.shippingServiceId) === String(service.id));
};
export const itemIds = (r: Recorded) => (bodyOf(r).delivery.items as Json[]).map((it) => it.id).sort();

/** One product (3 units, location 1) quoted by one service: the single rate request it caused. */
export async function oneDelivery(api: Api, o: ServiceOptions = {}) {
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
export async function twoLocations(api: Api): Promise<Json[]> {
  return Promise.all([stocked(api, 1), stocked(api, 2)]);
}

export const codesOf = (options: Json[]) => options.map((o) => o.serviceCode as string).sort();
/** D-21: the capacity of one box in grams (the reference server's default `BOX_MAX_WEIGHT`). */
export const BOX_MAX_WEIGHT = 30_000;
/** A shipping calculator id (product `shippingClassId`, D-60) no other test uses. */
export const freshClassId = () => 100_000 + Math.floor(Math.random() * 900_000_000);
