// `checkout`: the target's request that starts a checkout, the trigger of rate requests (D-20: checkout is not an
// operation of the source); unstated, our `calculateCheckoutRates` (lib/triggers.ts).
import type { Descriptor } from './core.ts';
import { readTrigger, type Trigger } from './trigger.ts';

declare module './core.ts' {
  interface Dialect {
    /** How a checkout starts, the trigger of rate requests (D-20: checkout is not an operation of the source); unstated, our `calculateCheckoutRates`. */
    checkout?: Trigger;
  }
}

/** Our own checkout's templates (D-20): what a stated checkout leaves out is ours. */
const ours: Pick<Trigger, 'body' | 'item'> = {
  body: { data: { currency: '{{currency}}', destination: '{{destination}}', items: '{{items}}' } },
  item: { productId: '{{productId}}', quantity: '{{quantity}}' },
};

export const descriptor: Descriptor<'checkout'> = {
  key: 'checkout',
  accepts:
    '{ method, path, body, item, answer }: the request that starts a checkout, its templates filled with {{items}}, {{currency}}, {{destination}}, {{dispatchDate}} (and {{productId}}, {{quantity}} in `item`), and where the answer holds id, currency, deliveries and options (a pointer, or { at, each })',
  decision: 'D-20',
  readme: {
    takes:
      "the request that starts a checkout, the trigger of rate requests: `{ method, path, body, item, answer }`. `body` and `path` are templates the suite fills: `{{items}}` (the cart lines, each `item` filled with `{{productId}}` and `{{quantity}}`), `{{currency}}`, `{{destination}}` (an address of §2.10, or one field of it: `{{destination.countryCode}}`) and `{{dispatchDate}}`. `answer` maps our fields of the answer (`id`, `currency`, `deliveries`, `options`) to JSON pointers, a list as `{ at, each }` with each element's fields (`serviceCode`, `shippingServiceId`, `priceExcTax`, `priceIncTax`, `currency`, `minDeliveryDate`, `maxDeliveryDate`, …) at pointers into it. A requirement that reads a field `answer` does not place is not applicable, naming `checkout.answer.<field>`",
  },
  read(value, say) {
    const trigger = readTrigger('checkout', ours, value, say);
    return trigger ? { checkout: trigger } : undefined;
  },
};
