import { allResources, wrapRead } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03', '§2.1'],
  // §2.1: page 1 of a search whose total fits in one page holds nothing, or not the first results.
  breaks: 'source',
  description: 'The offset is `page × limit` (as if pages were 0-based): page 1 skips the first `limit` items.',
  apply: (app) => {
    for (const r of allResources(app))
      wrapRead(
        r,
        'page',
        (page) => (ctx, query, parentId) => page(ctx, { ...query, page: Number(query.page ?? 1) + 1 }, parentId),
      );
  },
} satisfies Fault;
