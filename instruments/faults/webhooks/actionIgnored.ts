import type { Fault } from '../types.ts';

export default {
  source: ['§6', 'D-17'],
  breaks: 'decision',
  description:
    'A pattern matches on its resource only: `products/created` also receives `products/updated` and `products/deleted`.',
  apply: (app) => {
    app.seams.routing.matches = (pattern, event) =>
      pattern === '*' || ['*', event.split('/')[0]].includes(pattern.split('/')[0]);
  },
} satisfies Fault;
