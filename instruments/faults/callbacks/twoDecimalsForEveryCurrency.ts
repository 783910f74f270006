import type { Fault } from '../types.ts';

export default {
  source: ['§2.10', 'D-22'],
  description:
    'Every currency is taken to have 2 minor units: a JPY cart\'s item prices read "3750.00" and its totals keep cents; KWD loses its third decimal.',
  apply: (app) => {
    app.seams.pricing.minorUnits = () => 2;
  },
} satisfies Fault;
