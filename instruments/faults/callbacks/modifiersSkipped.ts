import { round2 } from '../../../reference-server/shipping/aggregate.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-22'],
  // §4.5 rule 10: administrators "may add a fixed value and/or a percentage modifier to the costs returned"; where they
  // are set (the shipping service) is D-18's.
  breaks: 'source',
  description: "The service's fixed and percentage modifiers are not applied to the App's prices.",
  apply: (app) => {
    app.seams.pricing.modify = (price) => round2(price);
  },
} satisfies Fault;
