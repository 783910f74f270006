import type { Fault } from '../types.ts';

export default {
  source: ['§2.10', 'D-22'],
  // §2.10 says "formatted per currency"; how many decimals a currency has is ISO 4217's.
  breaks: 'standard',
  standard: 'ISO 4217 (minor units)',
  description:
    'Every currency is taken to have 2 minor units: a JPY cart\'s item prices read "3750.00" and its totals keep cents; KWD loses its third decimal.',
  apply: (app) => {
    app.seams.pricing.minorUnits = () => 2;
  },
} satisfies Fault;
