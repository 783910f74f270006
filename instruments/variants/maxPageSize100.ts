import { fail } from '../../shared/errors.ts';
import { wrapHandler } from '../faults/lib.ts';
import { listOperations } from './lib.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-03', 'D-11'],
  description:
    'A `limit` above 100 (101–250, which the reference accepts) is refused as out of range (422 `error.maximum` on `limit`), so the largest page is 100. §8: "Default and maximum page size … not shown"; the examples\' limit of 100 is still served.',
  apply: (app) =>
    wrapHandler(app, listOperations(app), (original) => (req) => {
      if (Number(req.query.limit) > 100) fail(422, 'error.maximum', 'limit', 'must be <= 100', 'query');
      return original(req);
    }),
} satisfies Variant;
