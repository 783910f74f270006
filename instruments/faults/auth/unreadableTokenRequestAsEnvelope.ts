import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-67', 'D-06'],
  // RFC 6749 lets a server refuse at the HTTP layer a body that is no form at all (conformance/requirements/auth.ts,
  // `unreadable`): the shape of the refusal is D-67's.
  breaks: 'decision',
  description:
    "The token endpoint answers a body it cannot read as the rest of the API does (415 or 400 in the error envelope), not RFC 6749's invalid_request.",
  apply: (app) =>
    onJson(app, (body, res) => {
      const b = body as { error?: string; error_description?: string } | undefined;
      if (!res.req.path.startsWith('/admin/oauth/token') || b?.error !== 'invalid_request') return body;
      const status = /Content-Type/i.test(b.error_description ?? '') ? 415 : 400;
      res.status(status);
      const ref = status === 415 ? 'error.unsupported-media-type' : 'error.malformed-json';
      return {
        success: false,
        status,
        context: 'request',
        errors: [{ name: 'body', message: b.error_description ?? '', ref }],
      };
    }),
} satisfies Fault;
