// D-22: turning the rate responses of every delivery into the options offered at checkout (§4.5 rules 8, 10; §7).
// Pure: the callbacks have already dropped the Apps that failed.

/** One postage option of a rate response (§2.10). */
export interface Rate {
  serviceCode: string; title: string; description: string; currency: string;
  priceExcTax: number; priceIncTax: number; minDeliveryDate: string; maxDeliveryDate: string;
}
/** The administrator's settings of a service (§4.5 rule 10, D-18). */
export interface ServiceSettings { id: number; title: string; fixedModifier: number; percentageModifier: number; currency: string }
/** A service's answers: one `rates` array per delivery, in delivery order. */
export interface Quote { service: ServiceSettings; deliveries: Rate[][] }
/** An option offered for the whole cart, in the cart currency. */
export interface Option extends Rate { shippingServiceId: number }

/** Units of each currency per one unit of the base (D-22, `CURRENCY_RATES`). */
export type RateTable = Record<string, number>;

/** Converts through the base currency; undefined when either currency is missing from the table. */
export function convert(amount: number, from: string, to: string, table: RateTable): number | undefined {
  if (from === to || amount === 0) return amount;
  const a = table[from];
  const b = table[to];
  if (!a || !b) return undefined;
  return (amount / a) * b;
}

/** Half-up to cents on the decimal value: 15.795 (held as 15.79499…) is 15.80. Shifting the exponent in the
 *  string avoids the binary error that `n * 100` would round on. */
export const round2 = (n: number) => Math.round(Number(`${n.toFixed(9)}e2`)) / 100;
const latest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a)); // Y-m-d compares as text

/** The pricing rules as one named seam: conversion (§7), rule 8's common options, rule 10's modifiers. */
export const pricing = {
  convert,
  /** Rule 8: an option is offered only when every delivery got it. */
  offered: (rates: (Rate | undefined)[]): boolean => rates.every((r) => r !== undefined),
  /** Rule 10: `fixed` is already in the cart currency. */
  modify: (price: number, service: ServiceSettings, fixed: number) => round2(Math.max(0, price * (1 + service.percentageModifier / 100) + fixed)),
};

/** One service's options for the cart, or undefined when a price cannot be converted (the service is dropped). */
function serviceOptions(quote: Quote, cartCurrency: string, table: RateTable): Option[] | undefined {
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
    const modify = (price: number) => pricing.modify(price, service, fixed);
    const first = all[0]!;
    options.push({
      shippingServiceId: service.id, serviceCode: code, title: first.title, description: first.description, currency: cartCurrency,
      priceExcTax: modify(exc), priceIncTax: modify(inc),
      minDeliveryDate: latest(all.map((r) => r.minDeliveryDate)), maxDeliveryDate: latest(all.map((r) => r.maxDeliveryDate)),
    });
  }
  return options;
}

/** The options of every service that answered, in service then App order. */
export function aggregate(quotes: Quote[], cartCurrency: string, table: RateTable): Option[] {
  return quotes.flatMap((q) => serviceOptions(q, cartCurrency, table) ?? []);
}
