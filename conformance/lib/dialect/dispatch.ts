// `dispatch`: the target's request that starts a dispatch, the trigger of label requests (D-20, D-49); unstated, our
// `createShipment` (lib/triggers.ts).
import type { Descriptor } from './core.ts';
import { readTrigger, type Trigger } from './trigger.ts';

declare module './core.ts' {
  interface Dialect {
    /** How a dispatch starts, the trigger of label requests (D-20, D-49); unstated, our `createShipment`. */
    dispatch?: Trigger;
  }
}

/** Our own dispatch's templates (D-20): what a stated dispatch leaves out is ours, the chosen option among them. */
const ours: Pick<Trigger, 'body' | 'item'> = {
  body: {
    data: {
      currency: '{{currency}}',
      destination: '{{destination}}',
      items: '{{items}}',
      shippingServiceId: '{{shippingServiceId}}',
      serviceCode: '{{serviceCode}}',
    },
  },
  item: { productId: '{{productId}}', quantity: '{{quantity}}' },
};

export const descriptor: Descriptor<'dispatch'> = {
  key: 'dispatch',
  accepts:
    "{ method, path, body, item, answer }: the request that starts a dispatch, as checkout's, with {{checkoutId}}, {{shippingServiceId}} and {{serviceCode}} too, and where the answer holds id and boxes",
  decision: 'D-20',
  readme: {
    takes:
      "the request that starts a dispatch, the trigger of label requests: as `checkout`, with `{{checkoutId}}` (the checkout's `answer.id`; the suite starts one first), `{{shippingServiceId}}` and `{{serviceCode}}` (the chosen option); `answer` places `boxes` (a list: one label request per element) and `id`, which no requirement reads: leave `id` out where the answer has none",
    replaces: 'D-20, D-49',
  },
  read(value, say) {
    const trigger = readTrigger('dispatch', ours, value, say);
    return trigger ? { dispatch: trigger } : undefined;
  },
};
