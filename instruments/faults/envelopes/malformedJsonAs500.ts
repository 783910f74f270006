import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-02', 'D-48'],
  breaks: 'decision',
  description: 'Malformed JSON reaches the generic error handler and answers 500 instead of 400.',
  apply: (app) =>
    onJson(app, (body, res) => {
      if (res.statusCode !== 400 || body?.errors?.[0]?.ref !== 'error.malformed-json') return body;
      res.status(500);
      return { ...body, status: 500, errors: [{ name: 'server', message: 'Internal error', ref: 'error.internal' }] };
    }),
} satisfies Fault;
