import type { Json } from '../../../openapi/contract.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.10', 'D-68'],
  breaks: 'source',
  description: 'An item of a product with no commodity code carries `commodityCode: null` instead of the string `""`.',
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = (url, body, ...rest) => {
      const delivery = (body as { delivery: Json }).delivery;
      const items = (delivery.items as Json[]).map((i) => (i.commodityCode === '' ? { ...i, commodityCode: null } : i));
      return post(url, { ...(body as Json), delivery: { ...delivery, items } }, ...rest);
    };
  },
} satisfies Fault;
