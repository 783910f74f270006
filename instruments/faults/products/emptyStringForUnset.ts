import type { Fault } from '../types.ts';

export default {
  source: ['§2.1'],
  breaks: 'source',
  description:
    'Unset optional text fields of a product (barcode, model, partNumber, …) read back as "" instead of null.',
  apply: (app) => {
    const products = app.seams.resources.products;
    // The text columns as read: `coalesce(column, '')`, the mistake of a SELECT that turns NULL into "".
    for (const { name } of products.columns.filter((c) => c.kind === 'string'))
      products.def.computed![name] = { stored: true, value: (o) => o[name] ?? '', sql: `coalesce("${name}", '')` };
  },
} satisfies Fault;
