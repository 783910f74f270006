import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-66'],
  breaks: 'decision',
  description:
    'Any `+json` media type (application/merge-patch+json, …) is read as application/json instead of answering 415.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      if (/^application\/[\w.-]+\+json\b/i.test(req.headers['content-type'] ?? ''))
        req.headers['content-type'] = 'application/json';
    }),
} satisfies Fault;
