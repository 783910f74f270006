import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§6', 'D-17'],
  breaks: 'source',
  description:
    'Each rate and label request is also published as a webhook event (`rateRequests/created`, `labelRequests/created`) to matching subscriptions.',
  apply: (app) => {
    wrapHandler(app, 'calculateCheckoutRates', (original) => async (req) => {
      const reply = await original(req);
      const deliveries = ((reply.body as Json)?.data?.deliveries ?? []) as Json[];
      for (const delivery of deliveries)
        app.seams.outbox.emit(req.db, 'rateRequests', 'created', { delivery }, req.now);
      return reply;
    });
    wrapHandler(app, 'createShipment', (original) => async (req) => {
      const reply = await original(req);
      const data = (reply.body as Json)?.data;
      for (const box of (data?.boxes ?? []) as Json[]) {
        app.seams.outbox.emit(
          req.db,
          'labelRequests',
          'created',
          { delivery: { serviceCode: data.serviceCode, ...box } },
          req.now,
        );
      }
      return reply;
    });
  },
} satisfies Fault;
