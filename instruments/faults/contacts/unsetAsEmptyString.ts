import type { Json } from '../../../openapi/contract.ts';
import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

/** Text columns declared `NOT NULL DEFAULT ''`: unset reads back as an empty string. */
const TEXT = ['department', 'division', 'position', 'biography', 'registeredNumber', 'taxNumber', 'username'];
const blank = (c: Json) =>
  c && typeof c === 'object'
    ? { ...c, ...Object.fromEntries(TEXT.filter((f) => c[f] === null).map((f) => [f, ''])) }
    : c;

export default {
  source: ['§2.1', '§2.2'],
  breaks: 'source',
  description:
    'Unset optional text fields of a contact (department, position, taxNumber, …) are returned as "" instead of null.',
  apply: (app) =>
    onJson(app, (body) => {
      if (body?.contact) return { ...body, contact: blank(body.contact) };
      if (Array.isArray(body?.contacts)) return { ...body, contacts: body.contacts.map(blank) };
      return body;
    }),
} satisfies Fault;
