import { fail } from '../../../shared/errors.ts';
import { operationIds, wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-07'],
  breaks: 'source',
  description:
    'Webhook operations want at least one scope: a token with only the default scope (a client without scopes) gets 403.',
  apply: (app) =>
    wrapHandler(
      app,
      operationIds(app, (id) => /Webhooks?$/.test(id)),
      (original) => (req) =>
        req.client.scopes.length
          ? original(req)
          : fail(403, 'error.forbidden', 'authorization', 'This operation needs a scope'),
    ),
} satisfies Fault;
