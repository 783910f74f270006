import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-21'],
  description:
    'The cart is split by stock location only: the box capacity is never applied, so a 36 kg cart from one warehouse is one delivery.',
  apply: (app) => {
    app.seams.config.boxMaxWeight = Number.POSITIVE_INFINITY;
  },
} satisfies Fault;
