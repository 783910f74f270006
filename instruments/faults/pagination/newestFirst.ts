import { allResources, wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03'],
  breaks: 'decision',
  description: 'Lists come newest first (descending id) instead of ascending id.',
  apply: (app) => {
    for (const r of allResources(app))
      wrapMethod(r, 'list', (list) => (ctx, query, parentId) => {
        const page = list(ctx, query, parentId);
        return { ...page, items: page.items.toReversed() };
      });
  },
} satisfies Fault;
