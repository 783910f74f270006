// From a cart to deliveries (§4.5 rule 7, D-21): the cart's products, prices and stock are read, its lines packed
// into boxes, and each box becomes the `delivery` of a rate request (§2.10) or, with a service code, of a label
// request (§2.11). Checkout (checkout.ts) and shipments (shipments.ts) both start here, and only read here: every
// read of theirs happens before an App is called.
import type { components } from '../../openapi/dist/types.ts';
import type { Config } from '../core/config.ts';
import { fail } from '../../shared/errors.ts';
import type { Resource } from '../store/resource.ts';
import type { Ctx, Obj } from '../store/types.ts';
import type { Pricing } from './aggregate.ts';
import type { AppCalls } from './callbacks.ts';
import { fullAddress, isWarehouse, originOf, type Address } from './locations.ts';
import { formatMoney } from '../../shared/money.ts';
import type { Calculators } from './services.ts';
import {
  MAX_DELIVERIES,
  nextWeekday,
  originLocation,
  splitCart,
  type Box,
  type Line,
  type StockEntry,
} from './split.ts';

/** What shipping uses of one app: settings, resources and seams (a part of handlers/types.ts `Services`). */
export interface ShippingApp {
  config: Pick<Config, 'boxMaxWeight' | 'callbackTimeoutMs' | 'currencyRates'>;
  resources: Record<'products' | 'productPrices' | 'inventory' | 'shippingServices' | 'shipments', Resource>;
  auth: { clients: ReadonlyMap<string, { clientSecret: string }> };
  appCalls: AppCalls;
  pricing: Pricing;
  calculators: Calculators;
}

/** The secret of an App client, which signs the callbacks to its services (D-16); undefined once it is gone. */
export const secretOf = (app: ShippingApp) => (clientId: string) => app.auth.clients.get(clientId)?.clientSecret;

/** A cart as checkout and shipments take it (§2.10). */
export interface Cart {
  currency: string;
  destination: Address;
  items: { productId: number; quantity: number }[];
}

type Product = components['schemas']['Product'];
type ProductPrice = components['schemas']['ProductPrice'];
type Inventory = components['schemas']['Inventory'];
type Price = { exc: number; inc: number };
/** What the deliveries of one cart share; a `serviceCode` makes them label requests. */
interface Common {
  serviceCode: string | undefined;
  currency: string;
  destination: Address;
  dispatchDate: string;
  money: (amount: number) => string;
}

/**
 * The `delivery` objects of a cart, one per box (§4.5 rule 7): rate request deliveries, or with `serviceCode` the
 * label request ones, whose addresses add `title` and `phone` and whose items add `reference` (§2.10, §2.11). Item
 * prices are decimal strings with the cart currency's minor units ("formatted per currency", D-22). `classIds` holds
 * each delivery's products' shipping calculators (§4.5 rule 11, D-60).
 */
export function deliveriesOf(
  ctx: Ctx,
  app: ShippingApp,
  cart: Cart,
  serviceCode?: string,
): { deliveries: Obj[]; classIds: (number | null)[][] } {
  const products = productsOf(ctx, app.resources.products, cart);
  const prices = pricesOf(ctx, app.resources.productPrices, cart);
  const lines = cart.items.map((item) =>
    lineOf(item, stockOf(ctx, app.resources.inventory, item.productId), products.get(item.productId)!),
  );
  const common: Common = {
    serviceCode,
    currency: cart.currency,
    destination: fullAddress(cart.destination, serviceCode !== undefined), // one object, shared by every delivery
    dispatchDate: nextWeekday(ctx.now),
    money: (amount) => formatMoney(amount, cart.currency, app.pricing.minorUnits),
  };
  const boxes = pack(lines, app.config.boxMaxWeight);
  return {
    deliveries: boxes.map((box) => deliveryOf(box, products, prices, common)),
    classIds: boxes.map((box) => box.items.map(({ productId }) => products.get(productId)!.shippingClassId ?? null)),
  };
}

/** The cart's products by id; a line naming none is refused, by its place in the cart. */
function productsOf(ctx: Ctx, products: Resource, cart: Cart): Map<number, Product> {
  const found = new Map<number, Product>();
  cart.items.forEach(({ productId }, i) => {
    const product =
      (products.find(ctx, productId) as Product | undefined) ??
      fail(422, 'error.reference-not-found', `data.items.${i}.productId`, `No product with id ${productId}`, 'data');
    found.set(productId, product);
  });
  return found;
}

/** Each product's unit price at the price break its quantity in the whole cart reaches (D-30). */
function pricesOf(ctx: Ctx, prices: Resource, cart: Cart): Map<number, Price> {
  const quantities = new Map<number, number>();
  for (const { productId, quantity } of cart.items)
    quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  return new Map(
    [...quantities].map(([id, quantity]) => [
      id,
      unitPrice(prices.all(ctx, {}, id) as ProductPrice[], cart.currency, quantity),
    ]),
  );
}

/**
 * The unit price among a product's `prices` for everyone (no access role) in `currency`, current (D-30), at the price
 * break `quantity` reaches (D-30: a price applies when at least `quantityMin` units are bought), the newest of equal
 * breaks; 0 when it has none.
 */
function unitPrice(prices: ProductPrice[], currency: string, quantity: number): Price {
  const [price] = prices
    .filter((p) => p.currency === currency && p.accessRoleId === null && p.quantityMin <= quantity && p.isCurrent)
    .sort((a, b) => b.quantityMin - a.quantityMin || b.id - a.id);
  return { exc: price?.priceExcTax ?? 0, inc: price?.priceIncTax ?? 0 };
}

/** The product's inventory entries, at any location, with what is in stock less what is reserved (D-43). */
const stockOf = (ctx: Ctx, inventory: Resource, productId: number): StockEntry[] =>
  (inventory.all(ctx, { productId }) as Inventory[]).map((e) => ({
    locationId: e.locationId,
    isPreferred: e.isPreferred === true,
    quantityAvailable: e.quantityAvailable,
  }));

/** A cart line as packing takes it: from the warehouse it ships from (D-21), with its product's packaged size. */
const lineOf = ({ productId, quantity }: Cart['items'][number], stock: StockEntry[], p: Product): Line => ({
  productId,
  quantity,
  // D-21: stock held anywhere but a warehouse cannot be shipped from.
  locationId: originLocation(stock.filter((e) => isWarehouse(e.locationId))),
  // D-21: a product without packaged dimensions or weight adds none to its box.
  width: p.packagedWidth ?? 0,
  height: p.packagedHeight ?? 0,
  depth: p.packagedDepth ?? 0,
  weight: p.packagedWeight ?? 0,
});

/** The cart's boxes (D-21); D-65: refused before any App is called, as each would be one call to every App. */
function pack(lines: Line[], maxWeight: number): Box[] {
  const { boxes, count } = splitCart(lines, maxWeight, MAX_DELIVERIES);
  if (count > MAX_DELIVERIES)
    fail(
      422,
      'error.max-items',
      'data.items',
      `The cart packs into ${count} boxes; at most ${MAX_DELIVERIES} deliveries are allowed (D-65)`,
      'data',
    );
  return boxes;
}

/** One box as the `delivery` of a rate or label request (§2.10, §2.11). */
function deliveryOf(box: Box, products: Map<number, Product>, prices: Map<number, Price>, common: Common): Obj {
  const label = common.serviceCode !== undefined;
  return {
    ...(label ? { serviceCode: common.serviceCode } : {}),
    width: box.width,
    height: box.height,
    depth: box.depth,
    weight: box.weight,
    currency: common.currency,
    origin: originOf(box.locationId, label),
    destination: common.destination,
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
        priceExcTax: common.money(price.exc * quantity),
        priceIncTax: common.money(price.inc * quantity),
        currency: common.currency,
      };
    }),
    dispatchDate: common.dispatchDate,
  };
}
