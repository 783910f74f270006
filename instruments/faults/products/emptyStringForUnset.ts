import { wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.1'],
  breaks: 'source',
  description:
    'Unset optional text fields of a product (barcode, model, partNumber, …) read back as "" instead of null.',
  apply: (app) => {
    const strings = app.seams.resources.products.columns.filter((c) => c.kind === 'string').map((c) => c.name);
    wrapMethod(app.seams.resources.products, 'find', (find) => (...args) => {
      const product = find(...args);
      if (product) for (const name of strings) if (product[name] === null) product[name] = '';
      return product;
    });
  },
} satisfies Fault;
