import { fail } from '../../../shared/errors.ts';
import type { Json } from '../../../openapi/contract.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-27'],
  breaks: 'source',
  description:
    'A `website` given as a relative path (`team/jane`) is refused: only an absolute URL or a path starting with `/` passes.',
  apply: (app) =>
    wrapHandler(app, ['createContact', 'updateContact', 'updateContactPost'], (original) => (req) => {
      const website = (req.body as { contact?: Json })?.contact?.website;
      if (typeof website === 'string' && !/^(https?:\/\/|\/)/.test(website))
        fail(422, 'error.pattern', 'contact.website', 'must be an absolute URL or a path starting with /', 'contact');
      return original(req);
    }),
} satisfies Fault;
