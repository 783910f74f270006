import { rewriteFilters } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4', 'D-10'],
  breaks: 'source',
  description:
    'Date-time filters compare the text as given: a value with another offset than +00:00 is not converted to UTC.',
  apply: (app) =>
    rewriteFilters(
      app,
      (f) => f.kind === 'datetime',
      (f) => ({ ...f, kind: 'string' }),
    ),
} satisfies Fault;
