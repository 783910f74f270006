import type { Json } from '../../../openapi/contract.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.10', 'D-38'],
  breaks: 'source',
  description: 'Rate and label requests send weights in kilograms instead of grams.',
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = (url, body, ...rest) => {
      const { delivery } = body as { delivery: Json };
      const kg = (g: number) => g / 1000;
      return post(
        url,
        {
          delivery: {
            ...delivery,
            weight: kg(delivery.weight),
            items: delivery.items.map((i: Json) => ({ ...i, weight: kg(i.weight) })),
          },
        },
        ...rest,
      );
    };
  },
} satisfies Fault;
