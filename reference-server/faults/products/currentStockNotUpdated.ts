import { resources } from '../../store/resources.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'products.currentStockNotUpdated', area: 'products', source: ['§2.4', 'D-43'],
  description: 'Writing an inventory entry does not update the product\'s `currentStock`.',
  apply: () => { resources.inventory.def.afterWrite = undefined; },
} satisfies Fault;
