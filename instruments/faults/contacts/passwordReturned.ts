import type { Json } from '../../../openapi/contract.ts';
import { sql, type Row } from '../../../reference-server/store/db.ts';
import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-28'],
  // §2.2, `password`: "Write only; never returned."
  breaks: 'source',
  description:
    'Contact answers (get, search, add, update) carry the stored `password` column: the password hash (`scrypt$…`), or null for a contact without one (the row serialized whole).',
  apply: (app) => {
    const hashOf = (c: Json) => {
      if (!c || typeof c !== 'object' || c.id === undefined) return c;
      const row = sql(app.services.db, 'SELECT "passwordHash" FROM contacts WHERE id = ?').get(Number(c.id)) as
        Row | undefined;
      return { ...c, password: row?.passwordHash ?? null };
    };
    onJson(app, (body, res) => {
      if (res.statusCode >= 300) return body;
      if (body?.contact) return { ...body, contact: hashOf(body.contact) };
      if (Array.isArray(body?.contacts)) return { ...body, contacts: body.contacts.map(hashOf) };
      return body;
    });
  },
} satisfies Fault;
