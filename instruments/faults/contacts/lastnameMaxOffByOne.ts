import { rejectAtLength } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', '§8'],
  breaks: 'source',
  description: 'A lastname of exactly 60 characters is refused (`< 60` written for `<= 60`).',
  apply: (app) => rejectAtLength(app, 'lastname', 60, 'error.max-length'),
} satisfies Fault;
