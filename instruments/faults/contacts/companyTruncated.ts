import { beforeContactValidation } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', '§8'],
  breaks: 'source',
  description: 'A company over 200 characters is silently cut to 200 instead of a 422.',
  apply: (app) =>
    beforeContactValidation(app, (c) =>
      typeof c.company === 'string' ? { ...c, company: c.company.slice(0, 200) } : c,
    ),
} satisfies Fault;
