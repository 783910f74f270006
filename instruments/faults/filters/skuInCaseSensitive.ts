import { rewriteFilters } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4', 'D-37'],
  breaks: 'source',
  description: '`sku:in` compares case-sensitively.',
  apply: (app) =>
    rewriteFilters(
      app,
      (f) => f.param === 'sku:in',
      (f) => ({ ...f, filter: { ...f.filter, caseInsensitive: false } }),
    ),
} satisfies Fault;
