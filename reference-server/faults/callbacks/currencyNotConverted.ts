import { pricing } from '../../shipping/aggregate.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'callbacks.currencyNotConverted', area: 'callbacks', source: ['§7', 'D-22'],
  description: 'A price in another currency than the cart\'s is taken as is, without conversion.',
  apply: () => { pricing.convert = (amount) => amount; },
} satisfies Fault;
