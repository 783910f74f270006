import { rewriteFilters } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: '`:before` is inclusive (less than or equal) instead of less than.',
  apply: (app) =>
    rewriteFilters(
      app,
      (f) => f.filter.op === 'lt',
      (f) => ({ ...f, filter: { ...f.filter, op: 'lte' } }),
    ),
} satisfies Fault;
