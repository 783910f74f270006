import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-49'],
  breaks: 'source',
  description:
    'A service without `labelsUrl` gets its label requests at `ratesUrl` (the address "defaults" to the rates one).',
  apply: (app) => {
    // Read as `coalesce(labelsUrl, ratesUrl)`: a service without one reads back with the rates address.
    app.seams.resources.shippingServices.def.computed = {
      labelsUrl: { stored: true, value: (o) => o.labelsUrl ?? o.ratesUrl, sql: 'coalesce("labelsUrl", "ratesUrl")' },
    };
  },
} satisfies Fault;
