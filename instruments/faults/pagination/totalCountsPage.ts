import { allResources, wrapRead } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03', '§2.1'],
  breaks: 'source',
  description: '`total` counts the items of the page returned, not every item matching the query.',
  apply: (app) => {
    for (const r of allResources(app))
      wrapRead(r, 'page', (page) => (ctx, query, parentId) => {
        const found = page(ctx, query, parentId);
        return { ...found, total: found.ids.length };
      });
  },
} satisfies Fault;
