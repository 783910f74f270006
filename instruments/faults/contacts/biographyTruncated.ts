import { beforeContactValidation } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-55'],
  breaks: 'decision',
  description: 'A biography over 2000 characters is silently cut to 2000 instead of a 422.',
  apply: (app) =>
    beforeContactValidation(app, (c) =>
      typeof c.biography === 'string' ? { ...c, biography: c.biography.slice(0, 2000) } : c,
    ),
} satisfies Fault;
