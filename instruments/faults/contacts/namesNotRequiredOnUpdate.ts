import { sql } from '../../../reference-server/store/db.ts';
import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-29'],
  breaks: 'source',
  description: 'The firstname/lastname a guest or user needs are checked on add only: an update may clear them.',
  apply: (app) =>
    wrapHandler(app, ['updateContact', 'updateContactPost'], (original) => async (req) => {
      const input = (req.body as { contact: Json }).contact;
      const cleared = ['firstname', 'lastname'].filter((f) => input[f] === null || input[f] === '');
      if (!cleared.length || !['guest', 'user'].includes(input.type)) return original(req);
      const kept = Object.fromEntries(Object.entries(input).filter(([k]) => !cleared.includes(k)));
      const reply = await original({ ...req, body: { contact: kept } });
      if (reply.status !== 200) return reply;
      for (const f of cleared) sql(req.db, `UPDATE contacts SET "${f}" = NULL WHERE id = ?`).run(Number(req.params.id));
      const contact = (reply.body as { contact: Json }).contact;
      return { ...reply, body: { contact: { ...contact, ...Object.fromEntries(cleared.map((f) => [f, null])) } } };
    }),
} satisfies Fault;
