import { ApiError } from '../../../shared/errors.ts';
import { deref, doc, type Json } from '../../../openapi/contract.ts';
import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

/** The read-only fields the document lets a contact write carry (D-09). */
const readOnly = (): string[] =>
  Object.entries(doc.components.schemas.ContactInput.properties as Json)
    .filter(([, s]) => deref(s).readOnly)
    .map(([f]) => f);

export default {
  source: ['§2.2', '§4.2', 'D-09'],
  breaks: 'decision',
  description:
    "A contact write that carries the read-only `id`, `hasPassword` or `created` (a get's answer sent back) is refused as an unknown field instead of the fields being ignored.",
  apply: (app) =>
    beforeDispatch(app, (req) => {
      if (
        !/^\/api\/contacts(\/\d+)?\.json$/.test(req.path) ||
        !['POST', 'PUT'].includes(req.method) ||
        !Buffer.isBuffer(req.body) ||
        req.body.length === 0
      )
        return;
      let contact: Json;
      try {
        contact = JSON.parse(req.body.toString('utf8'))?.contact;
      } catch {
        return;
      }
      const sent = readOnly().filter((k) => contact && typeof contact === 'object' && k in contact);
      if (sent.length)
        throw new ApiError(
          422,
          'contact',
          sent.map((k) => ({
            name: `contact.${k}`,
            message: 'is not a writable field of this resource',
            ref: 'error.unknown-field',
          })),
        );
    }),
} satisfies Fault;
