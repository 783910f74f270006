import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  // The suite's requirements that catch it are in these areas, which instruments/run-faults.ts runs first.
  areas: ['contacts'],
  source: ['D-11'],
  breaks: 'decision',
  description: 'Contact search `q` is a case-sensitive substring match.',
  apply: (app) =>
    wrapHandler(app, 'searchContacts', (original) => async (req) => {
      const reply = await original(req);
      const q = req.query.q as string | undefined;
      if (q === undefined) return reply;
      const body = reply.body as { contacts: Json[] };
      return {
        ...reply,
        body: {
          contacts: body.contacts.filter((c) =>
            [c.firstname, c.lastname, c.email, c.company].some((v) => typeof v === 'string' && v.includes(q)),
          ),
        },
      };
    }),
} satisfies Fault;
