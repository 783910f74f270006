import type { Fault } from '../types.ts';

export default {
  source: ['D-64'],
  breaks: 'decision',
  description: 'Any number of query parameters is read: 101 (or 100 000) are parsed and validated one by one.',
  apply: (app) => {
    app.seams.limits.maxQueryParams = Number.POSITIVE_INFINITY;
  },
} satisfies Fault;
