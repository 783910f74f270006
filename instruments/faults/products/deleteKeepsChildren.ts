import type { Fault } from '../types.ts';

export default {
  // The suite's requirements that catch it are in these areas, which instruments/run-faults.ts runs first.
  areas: ['resources'],
  source: ['D-40'],
  breaks: 'decision',
  description: 'Deleting a product leaves its prices, media, downloads, specifications and inventory entries behind.',
  apply: (app) => {
    app.seams.resources.products.cascades.length = 0;
  },
} satisfies Fault;
