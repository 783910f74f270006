// The deliveries the App suite asks an App to quote and to label, built from §2.10's and §2.11's fields: one item and
// many, several currencies (with 2 and 0 minor units), with and without `dispatchDate`, warehouses and
// destinations at home and abroad, full and sparse addresses, a heavy box and a light one. Dispatch dates lie days to
// weeks ahead, so that delivery dates computed from anything else (today) fall before them. Every request but the
// one without `dispatchDate` is one the document's RateRequest / LabelRequest accepts (deliveries.test.ts): the
// suite sends what a service sends. The data is the suite's own; nothing of it comes from the App.
import { isDate } from '../lib/returned.ts';

/** A product of the catalogue the deliveries hold: its packaging per unit (mm, g) and its price excluding tax in GBP. */
interface Product {
  id: number;
  sku: string;
  commodityCode: string;
  title: string;
  weight: number;
  width: number;
  height: number;
  depth: number;
  gbp: number;
}
const product = {
  quill: {
    id: 5120,
    sku: 'QUILL-GOOSE',
    commodityCode: '9608.99',
    title: 'Goose quill pen',
    weight: 9,
    width: 200,
    height: 20,
    depth: 20,
    gbp: 3.5,
  },
  tea: {
    id: 1042,
    sku: 'TEA-EARL-250',
    commodityCode: '0902.30',
    title: 'Earl Grey tea, 250 g',
    weight: 280,
    width: 180,
    height: 60,
    depth: 120,
    gbp: 7.5,
  },
  mug: {
    id: 2001,
    sku: 'MUG-STONE',
    commodityCode: '6912.00',
    title: 'Stoneware mug',
    weight: 450,
    width: 120,
    height: 110,
    depth: 120,
    gbp: 12,
  },
  atlas: {
    id: 3105,
    sku: 'BOOK-ATLAS',
    commodityCode: '4901.99',
    title: 'World atlas, hardback',
    weight: 1900,
    width: 380,
    height: 50,
    depth: 280,
    gbp: 35,
  },
  anvil: {
    id: 4410,
    sku: 'ANVIL-25',
    commodityCode: '8205.59',
    title: 'Blacksmith anvil, 25 kg',
    weight: 25600,
    width: 500,
    height: 250,
    depth: 180,
    gbp: 189.99,
  },
} satisfies Record<string, Product>;

/** Units of each currency per pound (D-22's default rate table): item prices in the delivery's currency. */
const perPound: Record<string, number> = { GBP: 1, EUR: 1.17, USD: 1.27, JPY: 190 };
/** VAT of the sale, for the items' `priceIncTax`. */
const TAX = 0.2;
/** ISO 4217 minor units (JPY 0, GBP 2): §2.10's item prices are "formatted per currency" (D-22). */
export const minorUnits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
const money = (gbp: number, currency: string) => (gbp * perPound[currency]!).toFixed(minorUnits(currency));

type Address = Record<string, string | number | boolean | null>;
/** §2.10's address object: every field, `null` where unknown. */
const address = (a: Partial<Address>): Address => ({
  id: null,
  firstname: null,
  lastname: null,
  company: null,
  line1: null,
  line2: null,
  line3: null,
  city: null,
  region: null,
  country: null,
  countryCode: null,
  zip: null,
  latitude: null,
  longitude: null,
  isPrimary: false,
  ...a,
});
const place = {
  bristol: address({
    company: 'Conformance Goods Ltd',
    line1: 'Unit 1, Dock Road',
    city: 'Bristol',
    region: 'Bristol',
    country: 'United Kingdom',
    countryCode: 'GB',
    zip: 'BS1 6AA',
    latitude: 51.4496,
    longitude: -2.5967,
  }),
  leeds: address({
    id: 7,
    company: 'Conformance Goods Ltd',
    line1: 'Warehouse B',
    line2: 'Aire Valley Park',
    line3: 'Gate 4',
    city: 'Leeds',
    region: 'West Yorkshire',
    country: 'United Kingdom',
    countryCode: 'GB',
    zip: 'LS9 0PS',
    latitude: 53.7857,
    longitude: -1.5127,
  }),
  london: address({
    firstname: 'Ada',
    lastname: 'Lovelace',
    line1: '12 Marylebone Road',
    city: 'London',
    region: 'Greater London',
    country: 'United Kingdom',
    countryCode: 'GB',
    zip: 'NW1 5LR',
    isPrimary: true,
  }),
  berlin: address({
    id: 311,
    firstname: 'Emmy',
    lastname: 'Noether',
    company: 'Mathematik GmbH',
    line1: 'Unter den Linden 6',
    city: 'Berlin',
    region: 'Berlin',
    country: 'Germany',
    countryCode: 'DE',
    zip: '10117',
    latitude: 52.5178,
    longitude: 13.3936,
    isPrimary: true,
  }),
  newYork: address({
    firstname: 'Grace',
    lastname: 'Hopper',
    line1: '350 Fifth Avenue',
    line2: 'Floor 21',
    city: 'New York',
    region: 'NY',
    country: 'United States',
    countryCode: 'US',
    zip: '10118',
  }),
  tokyo: address({
    firstname: 'Kiyoshi',
    lastname: 'Ito',
    line1: '1-1 Chiyoda',
    city: 'Chiyoda-ku',
    region: 'Tokyo',
    country: 'Japan',
    countryCode: 'JP',
    zip: '100-8111',
  }),
  // Only what a parcel needs: a name, a street, a town, a postcode and a country.
  sparse: address({
    lastname: 'Turing',
    line1: '2 Wilmslow Road',
    city: 'Manchester',
    countryCode: 'GB',
    zip: 'M14 5TP',
  }),
};

/** One delivery of the table: what it holds, from where, to where, in which currency, and when it is dispatched. */
interface Spec {
  /** What it is, in words: the name results and failures give it. */
  name: string;
  currency: string;
  origin: Address;
  destination: Address;
  lines: [Product, number][];
  /** Days from today to `dispatchDate`; undefined: no `dispatchDate` is sent (§2.10 "when supplied"). */
  dispatchIn?: number;
  /** Whether label requests are sent for this delivery, for the options the App offered for it (§2.11). */
  labelled?: true;
}
const specs: Spec[] = [
  {
    name: 'one light item, GBP, Bristol to London',
    currency: 'GBP',
    origin: place.bristol,
    destination: place.london,
    lines: [[product.quill, 1]],
    dispatchIn: 3,
  },
  {
    name: 'many items, GBP, Leeds to London',
    currency: 'GBP',
    origin: place.leeds,
    destination: place.london,
    lines: [
      [product.tea, 2],
      [product.mug, 1],
      [product.atlas, 1],
    ],
    dispatchIn: 10,
    labelled: true,
  },
  {
    name: 'EUR, Leeds to Berlin',
    currency: 'EUR',
    origin: place.leeds,
    destination: place.berlin,
    lines: [[product.tea, 3]],
    dispatchIn: 17,
    labelled: true,
  },
  {
    name: 'heavy box, USD, Bristol to New York',
    currency: 'USD',
    origin: place.bristol,
    destination: place.newYork,
    lines: [[product.anvil, 1]],
    dispatchIn: 45,
  },
  {
    name: 'JPY (no minor unit), Bristol to Tokyo',
    currency: 'JPY',
    origin: place.bristol,
    destination: place.tokyo,
    lines: [
      [product.tea, 1],
      [product.mug, 2],
    ],
    dispatchIn: 60,
    labelled: true,
  },
  {
    name: 'sparse destination address, GBP, Bristol to Manchester',
    currency: 'GBP',
    origin: place.bristol,
    destination: place.sparse,
    lines: [[product.mug, 1]],
    dispatchIn: 5,
  },
  {
    name: 'no dispatchDate, GBP, Bristol to London',
    currency: 'GBP',
    origin: place.bristol,
    destination: place.london,
    lines: [[product.tea, 1]],
  },
];

/** `yyyy-mm-dd` of today (UTC) and `days` on. */
export const dayFromToday = (days: number, now = Date.now()) =>
  new Date(now + days * 86_400_000).toISOString().slice(0, 10);

/** A delivery as sent, with its name. */
export interface Delivery {
  name: string;
  /** §2.10's `delivery` object. */
  delivery: Record<string, unknown>;
  labelled: boolean;
}

/**
 * §2.10's `delivery`: the box (its width and depth its widest unit's, its height the units stacked), its gross weight,
 * currency, origin, destination, items (each line's totals in the delivery's currency) and dispatch date.
 */
function rateDelivery(s: Spec, now: number): Record<string, unknown> {
  const units = s.lines.flatMap(([p, n]) => Array.from({ length: n }, () => p));
  return {
    width: Math.max(...units.map((u) => u.width)),
    height: units.reduce((h, u) => h + u.height, 0),
    depth: Math.max(...units.map((u) => u.depth)),
    weight: units.reduce((w, u) => w + u.weight, 0),
    currency: s.currency,
    origin: s.origin,
    destination: s.destination,
    items: s.lines.map(([p, quantity]) => ({
      id: p.id,
      sku: p.sku,
      commodityCode: p.commodityCode,
      title: p.title,
      quantity,
      weight: p.weight * quantity,
      priceExcTax: money(p.gbp * quantity, s.currency),
      priceIncTax: money(p.gbp * quantity * (1 + TAX), s.currency),
      currency: s.currency,
    })),
    ...(s.dispatchIn === undefined ? {} : { dispatchDate: dayFromToday(s.dispatchIn, now) }),
  };
}

/** The rate requests of a run, dispatch dates counted from `now`. */
export const rateDeliveries = (now = Date.now()): Delivery[] =>
  specs.map((s) => ({ name: s.name, delivery: rateDelivery(s, now), labelled: s.labelled === true }));

/** A title and a telephone number for each address of a label request: §2.10 "Label requests add `title` and `phone`". */
const labelAddress = (a: unknown, title: string | null, phone: string): Address => ({
  ...(a as Address),
  title,
  phone,
});

/**
 * §2.11's `delivery` of a label request: the rate request's fields plus `serviceCode` (one the App returned for it),
 * its addresses with `title` and `phone`, its items with `reference` (the SKU, as §2.11's sample carries it).
 */
export function labelDelivery(rate: Record<string, unknown>, serviceCode: string): Record<string, unknown> {
  return {
    serviceCode,
    ...rate,
    origin: labelAddress(rate.origin, null, '+441170000000'),
    destination: labelAddress(rate.destination, 'Dr', '+442079460000'),
    items: (rate.items as Record<string, unknown>[]).map((i) => ({ ...i, reference: i.sku })),
  };
}

/** The dispatch date of a delivery, when it carries a valid one. */
export const dispatchOf = (delivery: Record<string, unknown>): string | undefined =>
  typeof delivery.dispatchDate === 'string' && isDate(delivery.dispatchDate) ? delivery.dispatchDate : undefined;
