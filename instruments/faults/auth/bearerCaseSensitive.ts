import { fail } from '../../../shared/errors.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-05'],
  // The source does not say how the token is presented (§5); once it goes in `Authorization` with the scheme §2.9's
  // `token_type` names, RFC 9110 says the scheme's case does not matter.
  breaks: 'standard',
  standard: 'RFC 9110 §11.1 (auth schemes are case-insensitive), RFC 6750 §2.1',
  description:
    'The scheme must be written `Bearer` exactly; `bearer <token>` is refused (RFC 6750 schemes are case-insensitive).',
  apply: (app) => {
    const { auth } = app.seams;
    const original = auth.bearer.bind(auth);
    auth.bearer = (header, now) =>
      header && !header.startsWith('Bearer ')
        ? fail(401, 'error.unauthorized', 'authorization', 'A bearer token is required', 'request', {
            'WWW-Authenticate': 'Bearer realm="store-admin-api"',
          })
        : original(header, now);
  },
} satisfies Fault;
