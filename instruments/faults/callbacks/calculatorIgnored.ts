import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-60'],
  // §4.5 rule 11: "a shipping service only applies to products whose calculator defines it"; how a calculator defines
  // one (`shippingClassIds`) is D-60's.
  breaks: 'source',
  description:
    'The shipping calculators are ignored: every active service is asked for every delivery, whatever `shippingClassIds` it lists.',
  apply: (app) => {
    app.seams.calculators.applies = () => true;
  },
} satisfies Fault;
