import { restatus } from '../faults/lib.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-02'],
  description:
    'Every request that breaks a rule answers 400 (envelope `status` 400) instead of 422. §7 leaves "the status codes for validation, permission or missing-resource failures: not shown"; 400 is what RFC 9110 §15.5.1 offers for a request the server will not process.',
  apply: (app) => restatus(app, 422, 400),
} satisfies Variant;
