import { onJson, walk } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  // Caught in resources by `<create>.lifecycle.status` and `<get>.date-time-shape` (D-10); the envelopes area no longer
  // sees it since the fixtures' creates only make data (conformance/lib/api.ts, `setup`).
  areas: ['envelopes', 'resources'],
  source: ['§2.1', 'D-10'],
  breaks: 'source',
  description: 'Date-times are written as local times without an offset (`2024-05-01T10:00:00`).',
  apply: (app) =>
    onJson(app, (body) =>
      walk(body, (v) =>
        typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/.test(v) ? v.slice(0, 19) : v,
      ),
    ),
} satisfies Fault;
