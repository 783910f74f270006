import { wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-49'],
  breaks: 'source',
  description:
    'A service without `labelsUrl` gets its label requests at `ratesUrl` (the address "defaults" to the rates one).',
  apply: (app) =>
    wrapMethod(app.seams.resources.shippingServices, 'toObject', (toObject) => (row, now) => {
      const s = toObject(row, now);
      return { ...s, labelsUrl: s.labelsUrl ?? s.ratesUrl };
    }),
} satisfies Fault;
