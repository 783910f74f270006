import { resources } from '../../store/resources.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'resources.priceCurrentIgnoresEnd', area: 'resources', source: ['D-30'],
  description: 'A price\'s `isCurrent` checks `startOn` only: a price whose `endOn` has passed is still current.',
  apply: () => {
    resources.productPrices.def.computed!.isCurrent = {
      value: (o, now) => o.startOn === null || Date.parse(o.startOn) <= now.getTime(),
      sql: '("startOn" IS NULL OR "startOn" <= $now)',
    };
  },
} satisfies Fault;
