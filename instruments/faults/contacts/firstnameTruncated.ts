import { beforeContactValidation } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', '§8'],
  breaks: 'source',
  description:
    'A firstname over 60 characters is silently cut to 60 (a non-strict VARCHAR(60) column) instead of a 422.',
  apply: (app) =>
    beforeContactValidation(app, (c) =>
      typeof c.firstname === 'string' ? { ...c, firstname: c.firstname.slice(0, 60) } : c,
    ),
} satisfies Fault;
