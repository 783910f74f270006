import { wrapHandler } from '../faults/lib.ts';
import { listOperations } from './lib.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-03', 'D-11'],
  description:
    'A list or search without `limit` returns pages of 50 (`pagination.limit` 50, links carrying `limit=50`) instead of 100. §8: "the examples show a limit of 100. Default and maximum page size … not shown"; an example is not a default.',
  apply: (app) =>
    wrapHandler(
      app,
      listOperations(app),
      (original) => (req) =>
        original(req.query.limit === undefined ? { ...req, query: { ...req.query, limit: 50 } } : req),
    ),
} satisfies Variant;
