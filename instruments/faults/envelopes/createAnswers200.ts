import { restatus } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  // Caught in resources by `<create>.lifecycle.status`, which asserts the 201 (D-01); the envelopes area no longer
  // sees it since the fixtures' creates only make data (conformance/lib/api.ts, `setup`).
  areas: ['envelopes', 'resources'],
  source: ['D-01', '§2.1'],
  // §4.4: the success status codes of add are "not shown", and RFC 9110 §9.3.3 asks 201 with a SHOULD only.
  breaks: 'decision',
  description: 'Add answers 200 (the status of get and update) instead of 201.',
  apply: (app) => restatus(app, 201, 200),
} satisfies Fault;
