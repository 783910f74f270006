import { rewriteFilters } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: '`:after` is inclusive (greater than or equal) instead of greater than.',
  apply: (app) =>
    rewriteFilters(
      app,
      (f) => f.filter.op === 'gt',
      (f) => ({ ...f, filter: { ...f.filter, op: 'gte' } }),
    ),
} satisfies Fault;
