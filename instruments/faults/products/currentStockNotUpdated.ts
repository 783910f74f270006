import type { Fault } from '../types.ts';

export default {
  // The suite's requirements that catch it are in these areas, which instruments/mutants.ts runs first.
  areas: ['resources'],
  source: ['§2.4', 'D-43'],
  description: "Writing an inventory entry does not update the product's `currentStock`.",
  apply: (app) => {
    app.seams.resources.inventory.cascades.length = 0;
  },
} satisfies Fault;
