import { walk } from '../lib.ts';
import { beforeContactValidation } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-13'],
  breaks: 'source',
  description: 'HTML in contact fields is escaped (`&lt;b&gt;`) and stored instead of being refused with a 422.',
  apply: (app) =>
    beforeContactValidation(app, (c) =>
      walk(c, (v) => (typeof v === 'string' ? v.replace(/</g, '&lt;').replace(/>/g, '&gt;') : v)),
    ),
} satisfies Fault;
