import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  // The suite's requirements that catch it are in these areas, which instruments/run-faults.ts runs first.
  areas: ['contacts'],
  source: ['D-11'],
  breaks: 'decision',
  description: 'Contact search by `email` matches the exact case only.',
  apply: (app) =>
    wrapHandler(app, 'searchContacts', (original) => async (req) => {
      const reply = await original(req);
      const email = req.query.email;
      if (email === undefined) return reply;
      const body = reply.body as { contacts: Json[] };
      return { ...reply, body: { contacts: body.contacts.filter((c) => c.email === email) } };
    }),
} satisfies Fault;
