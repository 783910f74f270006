import { onJson, walk } from '../lib.ts';
import type { Fault } from '../types.ts';

/** Drops null-valued properties from every object under `data` / `contact` (serialiser `omitNull`). */
const strip = (v: unknown) =>
  walk(v, (node) =>
    node && typeof node === 'object' && !Array.isArray(node)
      ? Object.fromEntries(Object.entries(node).filter(([, value]) => value !== null))
      : node,
  );

export default {
  // Caught in resources by `<create>.lifecycle.status` and `<get>.all-properties` (D-39); the envelopes area no longer
  // sees it since the fixtures' creates only make data (conformance/lib/api.ts, `setup`).
  areas: ['envelopes', 'resources'],
  source: ['§2.1', 'D-39'],
  breaks: 'source',
  description: 'Unset optional fields are left out of answers instead of being sent as null.',
  apply: (app) =>
    onJson(app, (body) => {
      if (!body || typeof body !== 'object' || body.success === false) return body;
      const out = { ...body };
      for (const key of ['data', 'contact', 'contacts', 'shippingService', 'shippingServices'])
        if (key in out) out[key] = strip(out[key]);
      return out;
    }),
} satisfies Fault;
