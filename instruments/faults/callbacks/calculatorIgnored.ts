import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-60'],
  description:
    'The shipping calculators are ignored: every active service is asked for every delivery, whatever `shippingClassIds` it lists.',
  apply: (app) => {
    app.seams.calculators.applies = () => true;
  },
} satisfies Fault;
