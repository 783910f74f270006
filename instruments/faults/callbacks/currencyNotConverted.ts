import type { Fault } from '../types.ts';

export default {
  source: ['§7', 'D-22'],
  breaks: 'source',
  description: "A price in another currency than the cart's is taken as is, without conversion.",
  apply: (app) => {
    app.seams.pricing.convert = (amount) => amount;
  },
} satisfies Fault;
