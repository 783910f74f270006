import type { Json } from '../../../openapi/contract.ts';
import { onJson, wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

/** Contact id → the external URL written, returned as the thumbnail instead of a downloaded copy. */
const linked = new Map<number, string>();
const relink = (c: Json) =>
  c && typeof c === 'object' && linked.has(c.id) ? { ...c, thumbnail: linked.get(c.id) } : c;

export default {
  source: ['§2.2', 'D-24'],
  breaks: 'source',
  description:
    'A thumbnail written as an external URL is never downloaded: the external URL is kept and returned as it is (hot-linking).',
  apply: (app) => {
    wrapHandler(app, ['createContact', 'updateContact', 'updateContactPost'], (original) => async (req) => {
      const input = (req.body as { contact?: Json })?.contact;
      const value = input?.thumbnail;
      if (value === undefined) return original(req);
      const external =
        typeof value === 'string' && /^https?:\/\//i.test(value) && !value.startsWith(`${req.baseUrl}/content/`);
      const { thumbnail: _dropped, ...rest } = input;
      const reply = await original(external ? { ...req, body: { contact: rest } } : req);
      const id = (reply.body as { contact?: Json })?.contact?.id;
      if (reply.status < 300 && typeof id === 'number') {
        if (external) linked.set(id, value);
        else linked.delete(id);
      }
      return reply;
    });
    onJson(app, (body) => {
      if (body?.contact) return { ...body, contact: relink(body.contact) };
      if (Array.isArray(body?.contacts)) return { ...body, contacts: body.contacts.map(relink) };
      return body;
    });
  },
} satisfies Fault;
