import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-22'],
  breaks: 'source',
  description: 'An option offered for some deliveries only is kept (priced over the deliveries that offered it).',
  apply: (app) => {
    app.seams.pricing.offered = (rates) => rates.some((r) => r !== undefined);
  },
} satisfies Fault;
