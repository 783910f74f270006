import { sql } from '../../../reference-server/store/db.ts';
import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§3', '§8', 'D-12'],
  breaks: 'source',
  description: 'Adding a contact of type `hq` is accepted although the one hq contact already exists.',
  apply: (app) =>
    wrapHandler(app, 'createContact', (original) => async (req) => {
      const input = (req.body as { contact: Json }).contact;
      if (input.type !== 'hq') return original(req);
      const reply = await original({ ...req, body: { contact: { ...input, type: 'branch' } } });
      if (reply.status !== 201) return reply;
      const contact = (reply.body as { contact: Json }).contact;
      sql(req.db, "UPDATE contacts SET type = 'hq' WHERE id = ?").run(contact.id);
      return { ...reply, body: { contact: { ...contact, type: 'hq' } } };
    }),
} satisfies Fault;
