import { ApiError } from '../../../shared/errors.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-65', '§4.5'],
  breaks: 'decision',
  description:
    'A cart of more than 100 deliveries is refused only after the Apps were asked for rates (the count checked late).',
  apply: (app) =>
    wrapHandler(app, 'calculateCheckoutRates', (original) => async (req) => {
      try {
        return await original(req);
      } catch (err) {
        if (!(err instanceof ApiError) || err.errors[0]?.ref !== 'error.max-items') throw err;
        // The rate requests a late check lets out (one unit per line stands for them), then the same refusal.
        const data = (req.body as { data: { items: { quantity: number }[] } }).data;
        await original({ ...req, body: { data: { ...data, items: data.items.map((i) => ({ ...i, quantity: 1 })) } } });
        throw err;
      }
    }),
} satisfies Fault;
