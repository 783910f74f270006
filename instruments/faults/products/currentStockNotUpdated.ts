import type { Fault } from '../types.ts';

export default {
  // The suite's requirements that catch it are in these areas, which instruments/run-faults.ts runs first.
  areas: ['resources'],
  source: ['§2.4', 'D-43'],
  // §2.3 and §2.4 give `currentStock` and the inventory fields, not how they relate: that is D-43's.
  breaks: 'decision',
  description: "Writing an inventory entry does not update the product's `currentStock`.",
  apply: (app) => {
    app.seams.resources.inventory.cascades.length = 0;
  },
} satisfies Fault;
