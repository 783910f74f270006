import { fail } from '../../../shared/errors.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-52'],
  breaks: 'decision',
  description: "A price's `accessRoleId` is stored without checking that the access role exists.",
  apply: (app) => {
    app.seams.resources.productPrices.def.check = (_ctx, next) => {
      if (next.startOn && next.endOn && Date.parse(String(next.endOn)) <= Date.parse(String(next.startOn)))
        fail(422, 'error.minimum', 'data.endOn', 'must be after startOn', 'data');
    };
  },
} satisfies Fault;
