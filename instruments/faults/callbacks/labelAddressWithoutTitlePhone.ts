import type { Json } from '../../../openapi/contract.ts';
import type { Fault } from '../types.ts';

/** An address of a rate request's shape: the label-only fields left out. */
const rateShape = ({ title: _title, phone: _phone, ...address }: Json) => address;

export default {
  source: ['§2.10', '§2.11'],
  breaks: 'source',
  description: 'Label requests send the addresses of a rate request: `title` and `phone` are left out.',
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = (url, body, ...rest) => {
      const { delivery } = body as { delivery: Json };
      if (!('serviceCode' in delivery)) return post(url, body, ...rest);
      return post(
        url,
        { delivery: { ...delivery, origin: rateShape(delivery.origin), destination: rateShape(delivery.destination) } },
        ...rest,
      );
    };
  },
} satisfies Fault;
