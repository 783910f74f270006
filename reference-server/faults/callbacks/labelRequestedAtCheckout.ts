import { appCalls } from '../../shipping/callbacks.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'callbacks.labelRequestedAtCheckout', area: 'callbacks', source: ['§4.5'],
  description: 'Checkout "reserves" the cheapest option by sending a label request for each delivery to a service with labelsUrl, right after its rates came back: the merchant is charged for a quotation.',
  apply: () => {
    const quote = appCalls.quote;
    appCalls.quote = async (target, deliveries, timeoutMs) => {
      const answer = await quote(target, deliveries, timeoutMs);
      const serviceCode = answer?.deliveries[0]?.[0]?.serviceCode;
      if (answer && target.labelsUrl && serviceCode) {
        for (const delivery of deliveries) void appCalls.post(target.labelsUrl, { delivery: { serviceCode, ...delivery } }, target.secret, timeoutMs, () => true);
      }
      return answer;
    };
  },
} satisfies Fault;
