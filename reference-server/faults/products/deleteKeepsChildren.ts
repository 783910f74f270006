import type { Fault } from '../types.ts';

export default {
  name: 'products.deleteKeepsChildren',
  area: 'products',
  source: ['D-40'],
  description: 'Deleting a product leaves its prices, media, downloads, specifications and inventory entries behind.',
  apply: (app) => {
    app.seams.resources.products.def.beforeDelete = undefined;
  },
} satisfies Fault;
