import { beforeContactValidation } from '../contactWrites.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.2', 'D-26'],
  breaks: 'source',
  description: 'Tags under any key (`{"product": [...]}`) are accepted and stored as contact tags instead of a 422.',
  apply: (app) =>
    beforeContactValidation(app, (c) =>
      c.tags && typeof c.tags === 'object' && !Array.isArray(c.tags)
        ? { ...c, tags: { contact: Object.values(c.tags as Record<string, unknown>).flat() } }
        : c,
    ),
} satisfies Fault;
