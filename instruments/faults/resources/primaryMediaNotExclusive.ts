import { fail } from '../../../reference-server/core/errors.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.7', 'D-46'],
  description: "Setting `isPrimary` on a media item does not clear it on the product's other items.",
  apply: (app) => {
    app.seams.resources.productMedia.def.check = (_ctx, next) => {
      if (next.image === null && next.video === null)
        fail(422, 'error.required', 'data.image', 'image or video is required', 'data');
    };
  },
} satisfies Fault;
