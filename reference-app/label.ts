// The reference App's answer to a label request (§2.11): for a `serviceCode` it offers for the box, the label at the
// price it quoted for that box, with a new tracking number and the label's image. A label request is an order: a real
// provider charges the merchant's account here (§4.5 rule 4); a rate request never does (rule 3).
import { randomInt } from 'node:crypto';
import type { components } from '../openapi/dist/types.ts';
import { formatMoney } from '../shared/money.ts';
import { labelImage } from './label-image.ts';
import { quoteRates, zoneOf, type TariffInput } from './tariff.ts';

export type Label = components['schemas']['Label'];

/** The S10 service indicator of each service (UPU S10: two capital letters leading a tracking number). */
const INDICATORS: Record<string, string> = { STD: 'CP', EXP: 'EE', PKT: 'LX' };

/** UPU S10's check digit of 8 serial digits: weights 8 6 4 2 3 5 9 7, 11 minus the sum modulo 11 (10 → 0, 11 → 5). */
export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/**
 * A new tracking number in the UPU S10 form: service indicator, 8 random digits, check digit, and the origin's country
 * (`CP123456785GB`); `ZZ` when the origin has no country code.
 */
export function trackingNumber(serviceCode: string, originCountry: unknown): string {
  const serial = String(randomInt(100_000_000)).padStart(8, '0');
  const country = typeof originCountry === 'string' && /^[A-Z]{2}$/.test(originCountry) ? originCountry : 'ZZ';
  return `${INDICATORS[serviceCode] ?? 'ZZ'}${serial}${s10CheckDigit(serial)}${country}`;
}

/** An address (§2.10) as at most six lines of a label: name, company, street, more street, town, postcode and country. */
function linesOf(address: Record<string, unknown> | null | undefined): string[] {
  // Each value once: a town that is its own region (Bristol, Bristol) is written once.
  const text = (...keys: string[]) =>
    [...new Set(keys.map((k) => address?.[k]).filter((v) => typeof v === 'string' && v.trim() !== ''))].join(' ');
  return [
    text('title', 'firstname', 'lastname'),
    text('company'),
    text('line1'),
    text('line2', 'line3'),
    text('city', 'region'),
    [text('zip'), text('country') || text('countryCode')].filter(Boolean).join('  '),
  ].filter(Boolean);
}

/**
 * The label of a box (§2.11), or undefined when the App does not offer `serviceCode` for it: a code it does not
 * have, or a service that does not carry this box (too heavy for it; no destination country). D-73.
 */
export function labelFor(delivery: TariffInput & { serviceCode: string }): Label | undefined {
  const rate = quoteRates(delivery).find((r) => r.serviceCode === delivery.serviceCode);
  const zone = zoneOf(delivery.origin?.countryCode, delivery.destination?.countryCode);
  if (!rate || !zone) return undefined;
  const tracking = trackingNumber(rate.serviceCode, delivery.origin?.countryCode);
  const image = labelImage({
    trackingNumber: tracking,
    serviceCode: rate.serviceCode,
    title: rate.title,
    zone,
    to: linesOf(delivery.destination),
    from: linesOf(delivery.origin),
    details: `${delivery.weight} g, dispatched ${delivery.dispatchDate ?? 'today'}`,
  });
  return {
    currency: rate.currency,
    image: `data:image/png;base64,${image.toString('base64')}`,
    // Decimal strings with the currency's minor units (§2.11, D-22), from the numbers of the rate (§2.10).
    priceExcTax: formatMoney(rate.priceExcTax, rate.currency),
    priceIncTax: formatMoney(rate.priceIncTax, rate.currency),
    trackingNumber: tracking,
  };
}
