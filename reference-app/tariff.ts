// The reference App's tariff: what it charges and how long it takes, for one delivery of a rate or label request
// (§2.10, §2.11). Weight bands by the delivery's `weight` (grams, D-38), zones by the destination's `countryCode`
// against the origin's, a price list per currency, three services, and delivery dates counted in business days from
// `dispatchDate`. Every number here is an example of a provider's tariff, not a rule of the API (D-72).
import type { components } from '../openapi/dist/types.ts';
import { roundMoney } from '../shared/money.ts';

export type Rate = components['schemas']['Rate'];

/** The upper bound of each weight band, in grams (inclusive); a delivery heavier than the last is not carried. */
export const WEIGHT_BANDS = [500, 2000, 5000, 10_000, 20_000, 30_000] as const;

export type Zone = 'domestic' | 'europe' | 'world';

/** Europe for the tariff: the countries of the continent, by ISO 3166-1 alpha-2 code. */
const EUROPE = new Set(
  (
    'AD AL AT BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT ' +
    'NL NO PL PT RO RS SE SI SK SM UA VA'
  ).split(' '),
);

/**
 * The zone of a delivery: domestic when it stays in the origin's country, else Europe or the rest of the world;
 * undefined when the destination has no country code, which no parcel can be routed by.
 */
export function zoneOf(originCountry: unknown, destinationCountry: unknown): Zone | undefined {
  if (typeof destinationCountry !== 'string' || destinationCountry === '') return undefined;
  if (destinationCountry === originCountry) return 'domestic';
  return EUROPE.has(destinationCountry) ? 'europe' : 'world';
}

/** Standard's price of each weight band per zone, in GBP excluding tax; the other services are a factor of it. */
const BASE_GBP: Record<Zone, readonly number[]> = {
  domestic: [3.2, 4.5, 6.9, 9.5, 14, 19],
  europe: [7.5, 11, 16.5, 24, 36, 48],
  world: [11, 17.5, 27, 42, 65, 90],
};

/**
 * The currencies the App has a price list in: units per one GBP. A delivery in another currency is quoted in GBP,
 * and the service converts it (§2.10 "should equal the requested currency", §7, D-22).
 */
export const PRICE_LISTS: Record<string, number> = { GBP: 1, EUR: 1.15, USD: 1.25, JPY: 185 };
export const BASE_CURRENCY = 'GBP';

/** Tax on a domestic delivery (VAT); a delivery abroad is an export, zero-rated. */
export const DOMESTIC_TAX_RATE = 0.2;

export interface Service {
  serviceCode: string;
  title: string;
  /** A factor of Standard's price. */
  factor: number;
  /** The heaviest delivery it carries, in grams. */
  maxWeight: number;
  /** Business days after dispatch, earliest and latest, per zone. */
  days: Record<Zone, readonly [number, number]>;
}

export const SERVICES: readonly Service[] = [
  {
    serviceCode: 'STD',
    title: 'Standard',
    factor: 1,
    maxWeight: 30_000,
    days: { domestic: [2, 3], europe: [4, 7], world: [6, 12] },
  },
  {
    serviceCode: 'EXP',
    title: 'Express',
    factor: 1.8,
    maxWeight: 30_000,
    days: { domestic: [1, 1], europe: [2, 3], world: [3, 5] },
  },
  {
    serviceCode: 'PKT',
    title: 'Small parcel',
    factor: 0.75,
    maxWeight: 2000,
    days: { domestic: [3, 5], europe: [6, 10], world: [8, 20] },
  },
];

/** `n` business days (Monday to Friday) after `date` (`yyyy-mm-dd`, §2.1): with n ≥ 1, always later than it. */
export function addBusinessDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  for (let left = n; left > 0;) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}

const today = () => new Date().toISOString().slice(0, 10);

const describe = ([min, max]: readonly [number, number]) =>
  min === max
    ? `Delivered ${min === 1 ? 'the next working day' : `in ${min} working days`} after dispatch.`
    : `Delivered in ${min} to ${max} working days after dispatch.`;

/** What the tariff reads of a delivery (§2.10); the rest of it is read past. */
export interface TariffInput {
  weight: number;
  currency: string;
  dispatchDate?: string;
  origin?: { countryCode?: string | null } | null;
  destination?: { countryCode?: string | null } | null;
}

/**
 * The postage options for one delivery (§2.10): each service that carries its weight to its zone, priced in the
 * delivery's currency when the App has a price list in it (else in GBP), dates counted from `dispatchDate` (today when
 * it is not supplied, §2.10 "when supplied"). Empty when nothing is offered: too heavy, or no destination country.
 */
export function quoteRates(delivery: TariffInput): Rate[] {
  const zone = zoneOf(delivery.origin?.countryCode, delivery.destination?.countryCode);
  const band = WEIGHT_BANDS.findIndex((max) => delivery.weight <= max);
  if (zone === undefined || band < 0) return [];
  const currency = Object.hasOwn(PRICE_LISTS, delivery.currency) ? delivery.currency : BASE_CURRENCY;
  const dispatched = delivery.dispatchDate ?? today();
  const tax = zone === 'domestic' ? DOMESTIC_TAX_RATE : 0;
  return SERVICES.filter((s) => delivery.weight <= s.maxWeight).map((s) => {
    const priceExcTax = roundMoney(BASE_GBP[zone][band]! * s.factor * PRICE_LISTS[currency]!, currency);
    return {
      serviceCode: s.serviceCode,
      title: s.title,
      description: describe(s.days[zone]),
      currency,
      priceExcTax,
      priceIncTax: roundMoney(priceExcTax * (1 + tax), currency),
      minDeliveryDate: addBusinessDays(dispatched, s.days[zone][0]),
      maxDeliveryDate: addBusinessDays(dispatched, s.days[zone][1]),
    };
  });
}
