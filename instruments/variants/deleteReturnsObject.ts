import { operationIds, wrapHandler } from '../faults/lib.ts';
import type { Reply, Req } from '../../reference-server/handlers/types.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-04', 'D-11'],
  description:
    'Delete answers 200 with the deleted object in its get envelope (`{success: true, status: 200, data: {...}}` on v2, `{contact: {...}}` for contacts, `{shippingService: {...}}`) instead of 204 without a body. §4.4: "Request and response bodies of add, update and delete … and their success status codes: not shown"; §7 asks only that a v2 success carry `success` true and `status` equal to the HTTP code, which it does.',
  apply: (app) => {
    const map = app.seams.handlers as unknown as Record<string, (req: Req) => Reply | Promise<Reply>>;
    for (const id of operationIds(app, (o) => o.startsWith('delete'))) {
      const getId = id.replace(/^delete/, 'get');
      if (!map[getId]) continue;
      wrapHandler(app, id, (original) => async (req) => {
        const before = await map[getId]!(req); // the object as it was (404 for an unknown id, as the delete itself)
        const reply = await original(req);
        // The get's answer as it is: its `body`, or its `json` where the get is written from the JSON the store keeps.
        return reply.status === 204 ? { ...before, status: 200 } : reply;
      });
    }
  },
} satisfies Variant;
