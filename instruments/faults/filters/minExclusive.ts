import { rewriteFilters } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: '`:min` is exclusive (greater than) instead of greater than or equal.',
  apply: (app) =>
    rewriteFilters(
      app,
      (f) => f.filter.op === 'gte',
      (f) => ({ ...f, filter: { ...f.filter, op: 'gt' } }),
    ),
} satisfies Fault;
