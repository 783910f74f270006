import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

/** The query keys a plain object swallows: `__proto__` sets the prototype, `constructor` is found as inherited. */
const swallowed = new Set(['__proto__', 'constructor']);

export default {
  source: ['D-41'],
  breaks: 'decision',
  description:
    'The query is read into a plain object: `__proto__` and `constructor` never show as unknown parameters (no 422).',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      const url = new URL(req.originalUrl, 'http://localhost');
      const kept = [...url.searchParams].filter(([k]) => !swallowed.has(k));
      if (kept.length === url.searchParams.size) return;
      const query = new URLSearchParams(kept).toString();
      req.originalUrl = req.url = `${url.pathname}${query ? `?${query}` : ''}`;
    }),
} satisfies Fault;
