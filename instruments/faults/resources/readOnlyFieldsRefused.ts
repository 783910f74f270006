import { ApiError } from '../../../shared/errors.ts';
import { findOperation } from '../../../reference-server/http/routes.ts';
import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

/** The fields every v2 resource and shipping service returns and no client writes. */
const serverOwned = ['id', 'createdOn', 'modifiedOn', 'created'];

export default {
  source: ['D-09'],
  breaks: 'decision',
  description:
    'An object sent back as a get returned it is refused: read-only fields (id, createdOn, …) are 422 unknown-field instead of ignored.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      const { op } = findOperation(req.method, new URL(req.originalUrl, 'http://localhost').pathname);
      if (!op?.operationId.startsWith('update') || !Buffer.isBuffer(req.body) || req.body.length === 0) return;
      let data: Record<string, unknown> | undefined;
      try {
        const body = JSON.parse(req.body.toString('utf8'));
        data = body?.data ?? body?.shippingService;
      } catch {
        return;
      }
      const sent = serverOwned.filter((k) => data && typeof data === 'object' && k in data);
      if (sent.length)
        throw new ApiError(
          422,
          'data',
          sent.map((k) => ({
            name: `${'created' in (data ?? {}) ? 'shippingService' : 'data'}.${k}`,
            message: 'is not a writable field of this resource',
            ref: 'error.unknown-field',
          })),
        );
    }),
} satisfies Fault;
