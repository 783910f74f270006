import { fail } from '../../../shared/errors.ts';
import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.2', 'D-26'],
  breaks: 'source',
  description: '`tags: {"contact": []}` (zero strings) is refused as too few items instead of removing every tag.',
  apply: (app) =>
    wrapHandler(app, ['createContact', 'updateContact', 'updateContactPost'], (original) => (req) => {
      const tags = (req.body as { contact?: Json })?.contact?.tags;
      if (Array.isArray(tags?.contact) && tags.contact.length === 0)
        fail(422, 'error.min-items', 'contact.tags.contact', 'must have at least 1 item', 'contact');
      return original(req);
    }),
} satisfies Fault;
