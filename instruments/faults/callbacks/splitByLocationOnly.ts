import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-21'],
  // §4.5 rule 7 leaves the split to "product packaging, available boxes and shipping settings": the box capacity is
  // D-21's.
  breaks: 'decision',
  description:
    'The cart is split by stock location only: the box capacity is never applied, so a 36 kg cart from one warehouse is one delivery.',
  apply: (app) => {
    app.seams.config.boxMaxWeight = Number.POSITIVE_INFINITY;
  },
} satisfies Fault;
