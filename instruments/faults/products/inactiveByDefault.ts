import type { Fault } from '../types.ts';

export default {
  source: ['D-50', 'D-39'],
  breaks: 'decision',
  description: 'A product added without `isActive` is stored inactive (the column default) instead of active.',
  apply: (app) => {
    const defaults = app.seams.resources.products.def.defaults!;
    app.seams.resources.products.def.defaults = (ctx, input, parentId) => ({
      ...defaults(ctx, input, parentId),
      isActive: false,
    });
  },
} satisfies Fault;
