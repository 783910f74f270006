import type { Json } from '../../../openapi/contract.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-49'],
  breaks: 'source',
  description: 'A shipment of several boxes sends one label request (for the first box) instead of one per box.',
  apply: (app) => {
    const post = app.seams.appCalls.post;
    const asked = new WeakSet<object>();
    app.seams.appCalls.post = (url, body, ...rest) => {
      const delivery = (body as { delivery: Json }).delivery;
      if (delivery.serviceCode === undefined) return post(url, body, ...rest); // a rate request
      // Boxes of one shipment share their destination object.
      if (asked.has(delivery.destination)) return Promise.resolve(undefined);
      asked.add(delivery.destination);
      return post(url, body, ...rest);
    };
  },
} satisfies Fault;
