// The reference server's warehouses (D-43): stock locations 1–3. Their addresses are the `origin` of a rate or
// label request (§2.10). Stock held at any other location id cannot be shipped from, so it is not an origin (D-21).

import { schema } from '../../openapi/contract.ts';

/** The Address object of §2.10, every field present (unset ones null, §2.1). */
export type Address = Record<string, unknown>;

/** Label requests add these two (§2.10). */
const LABEL_FIELDS = ['title', 'phone'];
/** The fields of the contract's Address, but for the label-only two, in the document's order. */
const ADDRESS_FIELDS = Object.keys(schema('Address').properties ?? {}).filter((f) => !LABEL_FIELDS.includes(f));

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** `country` is the name derived from `countryCode` (read-only in the contract). */
export function countryName(code: unknown): string | null {
  if (typeof code !== 'string' || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/** The full address of a rate request (`label` false) or of a label request (`label` true, adds title and phone). */
export function fullAddress(input: Address, label: boolean): Address {
  const fields = label ? [...ADDRESS_FIELDS, ...LABEL_FIELDS] : ADDRESS_FIELDS;
  const out: Address = Object.fromEntries(fields.map((f) => [f, input[f] ?? null]));
  out.country = countryName(out.countryCode);
  out.isPrimary = input.isPrimary === true;
  return out;
}

export const warehouses: Record<number, Address> = {
  1: {
    id: null,
    company: 'Reference Store Ltd',
    firstname: 'Dispatch',
    lastname: 'Bristol',
    line1: 'Unit 1, Dock Road',
    line2: 'Avonmouth',
    city: 'Bristol',
    region: 'Bristol',
    countryCode: 'GB',
    zip: 'BS11 9AA',
    latitude: 51.5037,
    longitude: -2.6989,
    phone: '+441170000000',
  },
  2: {
    id: null,
    company: 'Reference Store Ltd',
    firstname: 'Dispatch',
    lastname: 'Manchester',
    line1: 'Unit 7, Trafford Park Road',
    city: 'Manchester',
    region: 'Greater Manchester',
    countryCode: 'GB',
    zip: 'M17 1AB',
    latitude: 53.4647,
    longitude: -2.3146,
    phone: '+441610000000',
  },
  3: {
    id: null,
    company: 'Reference Store BV',
    firstname: 'Dispatch',
    lastname: 'Rotterdam',
    line1: 'Waalhaven Oostzijde 1',
    city: 'Rotterdam',
    region: 'Zuid-Holland',
    countryCode: 'NL',
    zip: '3087 BM',
    latitude: 51.8946,
    longitude: 4.4372,
    phone: '+31100000000',
  },
};

export const isWarehouse = (locationId: number) => locationId in warehouses;

/** The address a delivery from this warehouse is sent from (§2.10). */
export const originOf = (locationId: number, label: boolean): Address => fullAddress(warehouses[locationId]!, label);
