import { doc } from '../../../openapi/contract.ts';
import { beforeContactValidation } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', '§3'],
  breaks: 'source',
  description:
    'A `type` outside the enumeration is not refused: it falls back to `recipient` (a lenient mapping with a default).',
  apply: (app) =>
    beforeContactValidation(app, (c) => {
      const known: string[] = doc.components.schemas.ContactInput.properties.type.enum;
      return typeof c.type === 'string' && !known.includes(c.type) ? { ...c, type: 'recipient' } : c;
    }),
} satisfies Fault;
