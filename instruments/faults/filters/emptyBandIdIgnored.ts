import { wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: 'An empty `bandId` is treated as "no filter" instead of "products with no band".',
  apply: (app) =>
    wrapMethod(
      app.seams.resources.products,
      'list',
      (list) => (ctx, query, parentId) =>
        list(ctx, query.bandId === '' ? { ...query, bandId: undefined } : query, parentId),
    ),
} satisfies Fault;
