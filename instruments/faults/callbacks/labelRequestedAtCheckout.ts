import type { Fault } from '../types.ts';

export default {
  source: ['§4.5'],
  breaks: 'source',
  description:
    'Checkout "reserves" the cheapest option by sending a label request for each delivery to a service with labelsUrl, right after its rates came back: the merchant is charged for a quotation.',
  apply: (app) => {
    const quote = app.seams.appCalls.quote;
    app.seams.appCalls.quote = async (service, deliveries, timeoutMs) => {
      const answer = await quote(service, deliveries, timeoutMs);
      const serviceCode = answer?.deliveries[0]?.[0]?.serviceCode;
      if (answer && service.labelsUrl && serviceCode) {
        for (const delivery of deliveries)
          void app.seams.appCalls.post(
            service.labelsUrl,
            { delivery: { serviceCode, ...(delivery as object) } },
            service.secret,
            timeoutMs,
            () => true,
          );
      }
      return answer;
    };
  },
} satisfies Fault;
