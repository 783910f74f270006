import { rejectAtLength } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', '§8', 'D-28'],
  breaks: 'source',
  description: 'A password of exactly 8 characters is refused (`> 8` written for `>= 8`).',
  apply: (app) => rejectAtLength(app, 'password', 8, 'error.min-length'),
} satisfies Fault;
