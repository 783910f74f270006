import type { Fault } from '../types.ts';

export default {
  source: ['§2.4', 'D-43'],
  // §2.4 names `quantityInStock`, `quantityReserved` and `quantityAvailable` without a formula: the subtraction is
  // D-43's.
  breaks: 'decision',
  description: '`quantityAvailable` is `quantityInStock`; reservations are not subtracted.',
  apply: (app) => {
    app.seams.resources.inventory.def.computed!.quantityAvailable = {
      value: (o) => Number(o.quantityInStock),
      sql: '"quantityInStock"',
    };
  },
} satisfies Fault;
