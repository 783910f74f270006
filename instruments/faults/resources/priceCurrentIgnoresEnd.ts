import type { Fault } from '../types.ts';

export default {
  source: ['D-30'],
  breaks: 'decision',
  description: "A price's `isCurrent` checks `startOn` only: a price whose `endOn` has passed is still current.",
  apply: (app) => {
    app.seams.resources.productPrices.def.computed!.isCurrent = {
      value: (o, now) => o.startOn === null || Date.parse(String(o.startOn)) <= now.getTime(),
      sql: '("startOn" IS NULL OR "startOn" <= $now)',
    };
  },
} satisfies Fault;
