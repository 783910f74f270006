import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-28'],
  breaks: 'source',
  description: '`hasPassword` reads a `password` field that is never loaded, so it is always false.',
  apply: (app) =>
    onJson(app, (body) => {
      if (body?.contact) return { ...body, contact: { ...body.contact, hasPassword: false } };
      if (Array.isArray(body?.contacts))
        return { ...body, contacts: body.contacts.map((c: object) => ({ ...c, hasPassword: false })) };
      return body;
    }),
} satisfies Fault;
