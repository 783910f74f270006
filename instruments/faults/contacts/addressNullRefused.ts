import { fail } from '../../../shared/errors.ts';
import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-15', 'D-55'],
  breaks: 'decision',
  description:
    'A contact write with `address: null` (what a get returns for a contact without one) is refused as "must be object" instead of clearing the address or changing nothing.',
  apply: (app) =>
    wrapHandler(app, ['createContact', 'updateContact', 'updateContactPost'], (original) => (req) => {
      if ((req.body as { contact?: Json })?.contact?.address === null)
        fail(422, 'error.type', 'contact.address', 'must be object', 'contact');
      return original(req);
    }),
} satisfies Fault;
