import { onErrorItems } from './lib.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-02'],
  description:
    'Error items name the field as a JSON pointer (`/data/sku`, `/contact/firstname`, `/limit`) instead of a dotted path (`data.sku`). §7: "Error response body: not shown"; a pointer (RFC 6901) names the same field.',
  apply: (app) =>
    onErrorItems(app, (e) => ({
      ...e,
      name: `/${e.name
        .split('.')
        .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/')}`,
    })),
} satisfies Variant;
