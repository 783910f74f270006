import { beforeDispatch, rewriteBody } from '../lib.ts';
import type { Fault } from '../types.ts';

/** CartItem's maximum (D-65). */
const MAX_QUANTITY = 10_000;

export default {
  source: ['D-65'],
  breaks: 'decision',
  description: 'A cart line over 10 000 units is quietly clamped to 10 000 instead of answering 422 on its quantity.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      if (req.method !== 'POST' || !/^\/api\/v2\/(checkout\/rates|shipments)\.json/.test(req.path)) return;
      // Only a body with a quantity of 5 digits or more is rewritten; any other reaches the server as sent.
      if (!Buffer.isBuffer(req.body) || !/"quantity"\s*:\s*\d{5,}/.test(req.body.toString('latin1'))) return;
      rewriteBody(req, (body) => {
        for (const item of body?.data?.items ?? [])
          if (typeof item?.quantity === 'number') item.quantity = Math.min(item.quantity, MAX_QUANTITY);
        return body;
      });
    }),
} satisfies Fault;
