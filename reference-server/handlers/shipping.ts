// Shipping services (D-18) and the two reference extensions that trigger the App callbacks (D-20): checkout rates
// (§2.10, §4.5 rules 3, 7, 8, 10, 11; D-21, D-22, D-60) and shipments with their labels (§2.11, §4.5 rules 2, 4, 9;
// D-49). Rate and label requests are calls to the App, never webhook events (§6): only the shipment itself is one.
// Rule: every database read happens before the callbacks and every write after them, so no transaction is ever
// open while an App is answering.
import type { components } from '../../openapi/dist/types.ts';
import { fail, notFound } from '../core/errors.ts';
import { aggregate } from '../shipping/aggregate.ts';
import { collectQuotes, requestLabels } from '../shipping/callbacks.ts';
import { fullAddress, isWarehouse, originOf, type Address } from '../shipping/locations.ts';
import { formatMoney } from '../shipping/money.ts';
import { activeServices } from '../shipping/services.ts';
import { MAX_DELIVERIES, nextWeekday, originLocation, splitCart, type StockEntry } from '../shipping/split.ts';
import { isoUtc, sql, tx, type Row } from '../store/db.ts';
import type { Ctx, Obj } from '../store/resource.ts';
import { ctxOf } from './crud.ts';
import { single } from './envelopes.ts';
import type { Handler, Reply, Req } from './types.ts';

// ── Shipping services: wrapped in `shippingService` / `shippingServices` (D-18) ──

const wrapped = (status: 200 | 201, service: Obj): Reply => ({ status, body: { shippingService: service } });
const serviceId = (req: Req) => Number(req.params.id);
const services = (req: Req) => req.services.resources.shippingServices;

export const listShippingServices: Handler<'listShippingServices'> = (req) => ({
  status: 200,
  body: { shippingServices: services(req).list(ctxOf(req), req.query).items },
});
export const getShippingService: Handler<'getShippingService'> = (req) =>
  wrapped(200, services(req).get(ctxOf(req), serviceId(req)));
export const createShippingService: Handler<'createShippingService'> = (req) =>
  wrapped(
    201,
    tx(req.db, () => services(req).create(ctxOf(req), req.body.shippingService as Obj)),
  );
export const updateShippingService: Handler<'updateShippingService'> = (req) =>
  wrapped(
    200,
    tx(req.db, () => services(req).update(ctxOf(req), serviceId(req), req.body.shippingService as Obj)),
  );
export const deleteShippingService: Handler<'deleteShippingService'> = (req) => {
  tx(req.db, () => services(req).delete(ctxOf(req), serviceId(req)));
  return { status: 204 };
};

// ── From a cart to deliveries (D-21) ──

type Product = components['schemas']['Product'];
interface Cart {
  currency: string;
  destination: Address;
  items: { productId: number; quantity: number }[];
}

/**
 * The product's current unit price for everyone (no access role) in the cart currency, at the price break the
 * quantity reaches (D-30: a price applies when at least `quantityMin` units are bought); 0 when it has none.
 */
function unitPrice(ctx: Ctx, productId: number, currency: string, quantity: number): { exc: number; inc: number } {
  const row = sql(
    ctx.db,
    `SELECT "priceExcTax" AS exc, "priceIncTax" AS inc FROM "productPrices"
    WHERE "productId" = $p AND currency = $c AND "accessRoleId" IS NULL AND "quantityMin" <= $q
      AND ("startOn" IS NULL OR "startOn" <= $now) AND ("endOn" IS NULL OR "endOn" > $now)
    ORDER BY "quantityMin" DESC, id DESC LIMIT 1`,
  ).get({ p: productId, c: currency, q: quantity, now: isoUtc(ctx.now) }) as Row | undefined;
  return { exc: Number(row?.exc ?? 0), inc: Number(row?.inc ?? 0) };
}

function stockOf(ctx: Ctx, productId: number): StockEntry[] {
  const rows = sql(
    ctx.db,
    'SELECT "locationId", "isPreferred", "quantityInStock" - coalesce("quantityReserved", 0) AS available FROM inventory WHERE "productId" = ?',
  ).all(productId) as Row[];
  return rows
    .map((r) => ({
      locationId: Number(r.locationId),
      isPreferred: r.isPreferred === 1,
      quantityAvailable: Number(r.available),
    }))
    .filter((e) => isWarehouse(e.locationId));
}

/**
 * The `delivery` objects of a cart, one per box (§4.5 rule 7): rate request deliveries, or with `serviceCode` the
 * label request ones, whose addresses add `title` and `phone` and whose items add `reference` (§2.10, §2.11). Item
 * prices are decimal strings with the cart currency's minor units ("formatted per currency", D-22). `classIds` holds
 * each delivery's products' shipping calculators (§4.5 rule 11, D-60).
 */
function deliveriesOf(
  req: Req,
  cart: Cart,
  serviceCode?: string,
): { deliveries: Obj[]; classIds: (number | null)[][] } {
  const ctx = ctxOf(req);
  const label = serviceCode !== undefined;
  const products = new Map<number, Product>();
  const quantities = new Map<number, number>();
  cart.items.forEach((item, i) => {
    const product =
      (req.services.resources.products.find(ctx, item.productId) as Product | undefined) ??
      fail(
        422,
        'error.reference-not-found',
        `data.items.${i}.productId`,
        `No product with id ${item.productId}`,
        'data',
      );
    products.set(item.productId, product);
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  });
  const prices = new Map([...quantities].map(([id, q]) => [id, unitPrice(ctx, id, cart.currency, q)]));
  const lines = cart.items.map((item) => {
    const p = products.get(item.productId)!;
    return {
      productId: item.productId,
      quantity: item.quantity,
      locationId: originLocation(stockOf(ctx, item.productId)),
      // D-21: a product without packaged dimensions or weight adds none to its box.
      width: p.packagedWidth ?? 0,
      height: p.packagedHeight ?? 0,
      depth: p.packagedDepth ?? 0,
      weight: p.packagedWeight ?? 0,
    };
  });
  const destination = fullAddress(cart.destination, label);
  const dispatchDate = nextWeekday(req.now);
  const money = (n: number) => formatMoney(n, cart.currency, req.services.pricing.minorUnits);
  const { boxes, count } = splitCart(lines, req.services.config.boxMaxWeight, MAX_DELIVERIES);
  // D-65: refused before any App is called; each delivery would be one call to every App that applies.
  if (count > MAX_DELIVERIES)
    fail(
      422,
      'error.max-items',
      'data.items',
      `The cart packs into ${count} boxes; at most ${MAX_DELIVERIES} deliveries are allowed (D-65)`,
      'data',
    );
  const classIds = boxes.map((box) =>
    box.items.map(({ productId }) => (products.get(productId)!.shippingClassId ?? null) as number | null),
  );
  const deliveries = boxes.map((box) => ({
    ...(label ? { serviceCode } : {}),
    width: box.width,
    height: box.height,
    depth: box.depth,
    weight: box.weight,
    currency: cart.currency,
    origin: originOf(box.locationId, label),
    destination,
    items: box.items.map(({ productId, quantity }) => {
      const p = products.get(productId)!;
      const price = prices.get(productId)!;
      return {
        id: p.id,
        sku: p.sku,
        ...(label ? { reference: p.sku } : {}),
        // D-68: §2.10 types it a string; a product without one sends the empty string, never null.
        commodityCode: p.commodityCode ?? '',
        title: p.title,
        quantity,
        weight: (p.packagedWeight ?? 0) * quantity,
        priceExcTax: money(price.exc * quantity),
        priceIncTax: money(price.inc * quantity),
        currency: cart.currency,
      };
    }),
    dispatchDate,
  }));
  return { deliveries, classIds };
}

const secretOf = (req: Req) => (clientId: string) => req.services.auth.clients.get(clientId)?.clientSecret;

// ── Checkout (D-20, D-22): every active service that applies to every delivery quotes each; nothing is stored ──

export const calculateCheckoutRates: Handler<'calculateCheckoutRates'> = async (req) => {
  const cart = req.body.data as Cart;
  const { config, calculators, appCalls, pricing, resources } = req.services;
  const { deliveries, classIds } = deliveriesOf(req, cart);
  // §4.5 rule 11, D-60: a service that cannot serve one delivery could offer nothing common to the cart; not asked.
  const targets = activeServices(ctxOf(req), resources.shippingServices, secretOf(req)).filter((t) =>
    classIds.every((ids) => calculators.applies(t, ids)),
  );
  // §4.5 rule 3: quotations only; no label request is ever sent from here.
  const quotes = await collectQuotes(appCalls, targets, deliveries, config.callbackTimeoutMs);
  return single(200, {
    currency: cart.currency,
    deliveries,
    options: aggregate(quotes, cart.currency, config.currencyRates, pricing),
  });
};

// ── Shipments (D-49): one label request per box to the chosen service, then one write ──

export const createShipment: Handler<'createShipment'> = async (req) => {
  const order = req.body.data;
  const { calculators, appCalls, resources } = req.services;
  const [target] = activeServices(ctxOf(req), resources.shippingServices, secretOf(req), order.shippingServiceId);
  if (!target)
    fail(
      422,
      'error.reference-not-found',
      'data.shippingServiceId',
      `No active shipping service with id ${order.shippingServiceId}`,
      'data',
    );
  const { deliveries: requests, classIds } = deliveriesOf(req, order as Cart, order.serviceCode);
  if (!calculators.applies(target!, classIds.flat())) {
    // §4.5 rule 11, D-60
    fail(
      422,
      'error.reference-not-found',
      'data.shippingServiceId',
      `Shipping service ${order.shippingServiceId} does not apply to every product of the cart (shipping calculators, D-60)`,
      'data',
    );
  }
  const labels = target.labelsUrl // rule 2: no labelsUrl, no label requests
    ? await requestLabels(appCalls, target.labelsUrl, target.secret, requests, req.services.config.callbackTimeoutMs)
    : requests.map(() => undefined);
  const shipment = {
    shippingServiceId: order.shippingServiceId,
    serviceCode: order.serviceCode,
    currency: order.currency,
    createdOn: isoUtc(req.now),
    boxes: requests.map(({ serviceCode: _sent, ...box }, i) => {
      const label = labels[i] ?? null;
      return {
        ...box,
        labelStatus: !target.labelsUrl ? 'skipped' : label ? 'created' : 'failed',
        trackingNumber: label?.trackingNumber ?? null,
        label,
      };
    }),
  };
  const saved = tx(req.db, () => {
    const info = sql(req.db, 'INSERT INTO shipments (doc, "createdOn") VALUES (?, ?)').run(
      JSON.stringify(shipment),
      shipment.createdOn,
    );
    const stored = { id: Number(info.lastInsertRowid), ...shipment };
    req.services.outbox.emit(req.db, 'shipments', 'created', stored, req.now); // D-17, in the same transaction
    return stored;
  });
  return single(201, saved);
};

export const getShipment: Handler<'getShipment'> = (req) => {
  const row = sql(req.db, 'SELECT id, doc FROM shipments WHERE id = ?').get(Number(req.params.id)) as Row | undefined;
  if (!row) return notFound('id', 'shipment');
  return single(200, { id: Number(row.id), ...JSON.parse(String(row.doc)) });
};
