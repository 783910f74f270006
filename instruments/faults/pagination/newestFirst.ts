import { allResources, wrapRead } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03'],
  breaks: 'decision',
  description: 'Lists come newest first (descending id) instead of ascending id.',
  apply: (app) => {
    for (const r of allResources(app))
      wrapRead(r, 'page', (page) => (ctx, query, parentId) => {
        const found = page(ctx, query, parentId);
        return { ...found, ids: found.ids.toReversed() };
      });
  },
} satisfies Fault;
