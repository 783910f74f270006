import type { Fault } from '../types.ts';

export default {
  source: ['D-64'],
  breaks: 'decision',
  description:
    'JSON of any nesting depth is parsed and validated (a 422, or a stack overflow) instead of answering 400.',
  apply: (app) => {
    app.seams.limits.maxJsonDepth = Number.POSITIVE_INFINITY;
  },
} satisfies Fault;
