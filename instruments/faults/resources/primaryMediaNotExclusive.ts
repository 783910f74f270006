import type { Fault } from '../types.ts';

export default {
  source: ['§2.7', 'D-46'],
  breaks: 'decision',
  description: "Setting `isPrimary` on a media item does not clear it on the product's other items.",
  apply: (app) => {
    app.seams.resources.productMedia.def.exclusive = undefined;
  },
} satisfies Fault;
