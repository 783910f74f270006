import type { Fault } from '../types.ts';

export default {
  source: ['§6', 'D-45', 'D-07'],
  breaks: 'source',
  description:
    'The creating client of a webhook is recorded but not enforced: every client sees and changes every webhook.',
  apply: (app) => {
    (app.seams.resources.webhooks.def as { owner?: string }).owner = 'recorded';
  },
} satisfies Fault;
