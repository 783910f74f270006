import { rewriteFilters } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: 'An empty `manufacturerId` is compared as the number 0 instead of meaning "no manufacturer".',
  apply: (app) =>
    rewriteFilters(
      app,
      (f) => f.param === 'manufacturerId',
      (f) => ({ ...f, filter: { field: f.filter.field, op: f.filter.op } }),
    ),
} satisfies Fault;
