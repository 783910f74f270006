import { wrapRead } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: 'An empty `bandId` is treated as "no filter" instead of "products with no band".',
  apply: (app) =>
    wrapRead(
      app.seams.resources.products,
      'page',
      (page) => (ctx, query, parentId) =>
        page(ctx, query.bandId === '' ? { ...query, bandId: undefined } : query, parentId),
    ),
} satisfies Fault;
