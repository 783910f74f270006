// D-22: turning the rate responses of every delivery into the options offered at checkout (§4.5 rules 6, 8, 10; §7).
// Pure: the callbacks have already dropped the Apps that failed.
import type { RateTable } from '../core/config.ts';
import { isoMinorUnits, roundMoney, roundTo, type MinorUnits } from '../../shared/money.ts';

/** One postage option of a rate response (§2.10); `landedCosts` is the part of the prices that is landed costs (D-59).
 *  An App may send fields beyond these (§4.5 rules 5-6, D-59): they are read past, never passed on. */
export interface Rate {
  serviceCode: string;
  title: string;
  description: string;
  currency: string;
  priceExcTax: number;
  priceIncTax: number;
  minDeliveryDate: string;
  maxDeliveryDate: string;
  landedCosts?: number | null;
}
/** The administrator's settings of a service (§4.5 rule 10, D-18). */
export interface ServiceSettings {
  id: number;
  title: string;
  fixedModifier: number;
  percentageModifier: number;
  currency: string;
}
/** A service's answers: one `rates` array per delivery, in delivery order. */
export interface Quote {
  service: ServiceSettings;
  deliveries: Rate[][];
}
/** An option offered for the whole cart, in the cart currency. */
export interface Option extends Omit<Rate, 'landedCosts'> {
  shippingServiceId: number;
}

/** Converts through the base currency; undefined when either currency is missing from the table. */
export function convert(amount: number, from: string, to: string, table: RateTable): number | undefined {
  if (from === to || amount === 0) return amount;
  const a = table[from];
  const b = table[to];
  if (!a || !b) return undefined;
  return (amount / a) * b;
}

/** Half-up to cents (a currency of 2 minor units); `roundMoney` rounds to any currency's (D-22). */
export const round2 = (n: number) => roundTo(n, 2);
const latest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a)); // Y-m-d compares as text

/** The pricing rules, as a seam of each app: conversion (§7), rule 8's common options, rule 10's modifiers. */
export interface Pricing {
  convert: typeof convert;
  /** Decimals of each currency's amounts, "formatted per currency" (§2.10, D-22). */
  minorUnits: MinorUnits;
  offered(rates: (Rate | undefined)[]): boolean;
  modify(price: number, service: ServiceSettings, fixed: number, currency: string): number;
}
export const defaultPricing = (): Pricing => {
  const pricing: Pricing = {
    convert,
    minorUnits: isoMinorUnits,
    /** Rule 8: an option is offered only when every delivery got it. */
    offered: (rates: (Rate | undefined)[]): boolean => rates.every((r) => r !== undefined),
    /** Rule 10: `fixed` is already in the cart currency; the result has the cart currency's minor units (D-22). Rule 6:
     *  `price` is the rate's whole price, landed costs included; nothing is separated from it (D-59). */
    modify: (price: number, service: ServiceSettings, fixed: number, currency: string) =>
      roundMoney(Math.max(0, price * (1 + service.percentageModifier / 100) + fixed), currency, pricing.minorUnits),
  };
  return pricing;
};

/** One service's options for the cart, or undefined when a price cannot be converted (the service is dropped). */
function serviceOptions(quote: Quote, cartCurrency: string, table: RateTable, pricing: Pricing): Option[] | undefined {
  const { service, deliveries } = quote;
  if (deliveries.length === 0) return [];
  const perDelivery = deliveries.map((rates) => new Map(rates.toReversed().map((r) => [r.serviceCode, r]))); // first of a code wins
  const fixed = pricing.convert(service.fixedModifier, service.currency, cartCurrency, table);
  if (fixed === undefined) return undefined;
  const options: Option[] = [];
  const codes = [...new Set(deliveries[0]!.map((r) => r.serviceCode))];
  for (const code of codes) {
    const rates = perDelivery.map((m) => m.get(code));
    if (!pricing.offered(rates)) continue; // rule 8: only options common to every delivery
    const all = rates.filter((r) => r !== undefined);
    let exc = 0;
    let inc = 0;
    for (const r of all) {
      const e = pricing.convert(r.priceExcTax, r.currency, cartCurrency, table); // §7: convert, never reject
      const i = pricing.convert(r.priceIncTax, r.currency, cartCurrency, table);
      if (e === undefined || i === undefined) return undefined;
      exc += e;
      inc += i;
    }
    const modify = (price: number) => pricing.modify(price, service, fixed, cartCurrency);
    const first = all[0]!;
    options.push({
      shippingServiceId: service.id,
      serviceCode: code,
      title: first.title,
      description: first.description,
      currency: cartCurrency,
      priceExcTax: modify(exc),
      priceIncTax: modify(inc),
      minDeliveryDate: latest(all.map((r) => r.minDeliveryDate)),
      maxDeliveryDate: latest(all.map((r) => r.maxDeliveryDate)),
    });
  }
  return options;
}

/** The options of every service that answered, in service then App order. */
export function aggregate(
  quotes: Quote[],
  cartCurrency: string,
  table: RateTable,
  pricing: Pricing = defaultPricing(),
): Option[] {
  return quotes.flatMap((q) => serviceOptions(q, cartCurrency, table, pricing) ?? []);
}
