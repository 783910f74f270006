import { rewriteFilters } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: '`:max` is exclusive (less than) instead of less than or equal.',
  apply: (app) =>
    rewriteFilters(
      app,
      (f) => f.filter.op === 'lte',
      (f) => ({ ...f, filter: { ...f.filter, op: 'lt' } }),
    ),
} satisfies Fault;
