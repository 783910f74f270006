// Checkout rates (§2.10, §4.5 rules 3, 8, 10, 11; D-20, D-22, D-60): every active service that applies to every
// delivery of the cart quotes each, and the options they have in common are offered. Nothing is stored, and every
// read happens before the first App is called.
import type { Ctx } from '../store/types.ts';
import { aggregate, type Option } from './aggregate.ts';
import { collectQuotes } from './callbacks.ts';
import { deliveriesOf, secretOf, type Cart, type ShippingApp } from './deliveries.ts';
import { activeServices } from './services.ts';

/** The CheckoutRates of a cart: its currency, its deliveries as the Apps were asked, and the options offered. */
export async function checkoutRates(
  ctx: Ctx,
  app: ShippingApp,
  cart: Cart,
): Promise<{ currency: string; deliveries: unknown[]; options: Option[] }> {
  const { config, calculators, pricing, resources } = app;
  const { deliveries, classIds } = deliveriesOf(ctx, app, cart);
  // §4.5 rule 11, D-60: a service that cannot serve one delivery could offer nothing common to the cart; not asked.
  const targets = activeServices(ctx, resources.shippingServices, secretOf(app)).filter((t) =>
    classIds.every((ids) => calculators.applies(t, ids)),
  );
  // §4.5 rule 3: quotations only; no label request is ever sent from here.
  const quotes = await collectQuotes(app.appCalls, targets, deliveries, config.callbackTimeoutMs);
  return {
    currency: cart.currency,
    deliveries,
    options: aggregate(quotes, cart.currency, config.currencyRates, pricing),
  };
}
