import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-06'],
  breaks: 'standard',
  standard: 'RFC 6749 §5.2 (no client authentication is invalid_client)',
  description:
    'A token request without client authentication (no credentials, or an id without its secret) is taken for a missing parameter: 400 invalid_request, not invalid_client.',
  apply: (app) =>
    wrapHandler(app, ['createToken', 'createTokenAlias'], (original) => async (req) => {
      const reply = await original(req);
      const basic = /^Basic\s/i.test(req.authorization ?? '');
      const unauthenticated = !basic && (!req.form.client_id || req.form.client_secret === undefined);
      if (!unauthenticated || (reply.body as { error?: string } | undefined)?.error !== 'invalid_client') return reply;
      return {
        status: 400,
        body: { error: 'invalid_request', error_description: 'client_id and client_secret are required' },
        headers: { 'Cache-Control': 'no-store' },
      };
    }),
} satisfies Fault;
