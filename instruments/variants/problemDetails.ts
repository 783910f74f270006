import { onJson } from '../faults/lib.ts';
import { isErrorEnvelope } from './lib.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-02'],
  description:
    'Errors answer an RFC 9457 problem (`application/problem+json`: `type`, `title`, `status`, `detail`, `errors` with a `pointer` each) instead of the platform\'s `{success: false, status, context, errors}` envelope; statuses unchanged. §7: "Error response body: not shown" (the envelope is a platform fact of the design brief, D-02); §7 gives `success` only for success.',
  apply: (app) =>
    onJson(app, (body, res) => {
      if (!isErrorEnvelope(body)) return body;
      res.type('application/problem+json');
      const errors = body.errors as { name: string; message: string; ref: string }[];
      return {
        type: `about:blank#${errors[0]?.ref ?? 'error'}`,
        title: errors[0]?.message ?? 'Error',
        status: body.status,
        detail: errors.map((e) => `${e.name}: ${e.message}`).join('; '),
        errors: errors.map((e) => ({ pointer: `/${e.name.replace(/\./g, '/')}`, detail: e.message, code: e.ref })),
      };
    }),
} satisfies Variant;
