import { allResources, wrapRead } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03', '§2.1'],
  // §2.1: `limit` is "results per page", so a page holding more than the limit it reports contradicts it; the `limit`
  // parameter that shows it is D-03's.
  breaks: 'source',
  description: 'The query always reads 100 rows; `limit` is only echoed in the envelope.',
  apply: (app) => {
    for (const r of allResources(app))
      wrapRead(r, 'page', (page) => (ctx, query, parentId) => page(ctx, { ...query, limit: undefined }, parentId));
  },
} satisfies Fault;
