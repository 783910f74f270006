import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-28'],
  breaks: 'source',
  description: 'Add and update answer the contact with the `password` that was sent.',
  apply: (app) =>
    wrapHandler(app, ['createContact', 'updateContact', 'updateContactPost'], (original) => async (req) => {
      const reply = await original(req);
      const password = (req.body as { contact: Json }).contact?.password;
      if (password === undefined || reply.status >= 300) return reply;
      return { ...reply, body: { contact: { ...(reply.body as { contact: Json }).contact, password } } };
    }),
} satisfies Fault;
