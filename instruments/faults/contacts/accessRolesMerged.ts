import { sql, type Row } from '../../../reference-server/store/db.ts';
import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.2', 'D-51'],
  breaks: 'source',
  description: "An update's `accessRoles` are added to the roles the contact holds instead of replacing them.",
  apply: (app) =>
    wrapHandler(app, ['updateContact', 'updateContactPost'], (original) => (req) => {
      const input = (req.body as { contact: Json }).contact;
      if (!Array.isArray(input.accessRoles)) return original(req);
      const held = (
        sql(
          req.db,
          'SELECT r.reference FROM "contactAccessRoles" g JOIN "accessRoles" r ON r.id = g."roleId" WHERE g."contactId" = ?',
        ).all(Number(req.params.id)) as Row[]
      ).map((r) => String(r.reference));
      const given = new Set(
        input.accessRoles.map((e: Json) => String(typeof e === 'string' ? e : e.reference).toLowerCase()),
      );
      const merged = [...held.filter((r) => !given.has(r.toLowerCase())), ...input.accessRoles];
      return original({ ...req, body: { contact: { ...input, accessRoles: merged } } });
    }),
} satisfies Fault;
