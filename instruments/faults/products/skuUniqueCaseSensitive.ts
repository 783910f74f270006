import type { Fault } from '../types.ts';

export default {
  source: ['D-37'],
  breaks: 'decision',
  description: 'SKU uniqueness compares case-sensitively: `abc-1` may be added next to `ABC-1`.',
  apply: (app) => {
    app.seams.resources.products.def.check = (ctx, next) => app.seams.resources.products.unique(ctx, next, 'sku');
  },
} satisfies Fault;
