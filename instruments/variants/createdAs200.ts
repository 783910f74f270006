import { restatus } from '../faults/lib.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-01', 'D-11'],
  description:
    'Add answers 200 (envelope `status` 200) instead of 201, like get and update. §4.4: the bodies of add "and their success status codes: not shown"; §7 asks only that `status` equal the HTTP code. (201 is a platform fact of the design brief, D-01.)',
  apply: (app) => restatus(app, 201, 200),
} satisfies Variant;
