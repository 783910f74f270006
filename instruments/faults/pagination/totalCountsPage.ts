import { allResources, wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03', '§2.1'],
  breaks: 'source',
  description: '`total` counts the items of the page returned, not every item matching the query.',
  apply: (app) => {
    for (const r of allResources(app))
      wrapMethod(r, 'list', (list) => (ctx, query, parentId) => {
        const page = list(ctx, query, parentId);
        return { ...page, total: page.items.length };
      });
  },
} satisfies Fault;
