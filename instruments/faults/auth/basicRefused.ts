import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.1', 'D-06'],
  breaks: 'source',
  description: 'The token endpoint reads credentials from the form only: HTTP Basic client credentials are refused.',
  apply: (app) =>
    wrapHandler(
      app,
      ['createToken', 'createTokenAlias'],
      (original) => (req) =>
        /^Basic\s/i.test(req.authorization ?? '')
          ? {
              status: 401,
              body: { error: 'invalid_client', error_description: 'Client authentication failed' },
              headers: { 'Cache-Control': 'no-store' },
            }
          : original(req),
    ),
} satisfies Fault;
