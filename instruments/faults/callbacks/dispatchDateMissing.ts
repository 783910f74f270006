import type { Json } from '../../../openapi/contract.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.10', 'D-21'],
  // §2.10 lists `dispatchDate`, but computes the delivery dates from it "when supplied": that every request carries it
  // is D-21's.
  breaks: 'decision',
  description: 'Rate and label requests leave out `dispatchDate`.',
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = (url, body, ...rest) => {
      const { dispatchDate: _dropped, ...delivery } = (body as { delivery: Json }).delivery;
      return post(url, { delivery }, ...rest);
    };
  },
} satisfies Fault;
