import noRetry from '../faults/webhooks/noRetry.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-23'],
  description:
    'A webhook delivery is attempted once: a receiver that answers 500 or times out is not retried (the same patch as the fault `webhooks.noRetry`). §6: "Retry or delivery guarantees: not shown".',
  apply: (app) => noRetry.apply(app),
} satisfies Variant;
