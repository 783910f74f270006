import { onJson } from '../lib.ts';
import { isList } from '../listLinks.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03'],
  breaks: 'decision',
  description: 'A page past the end answers 404 instead of 200 with empty `data`.',
  apply: (app) =>
    onJson(app, (body, res) => {
      if (!isList(body) || body.data.length > 0 || body.pagination.page <= 1) return body;
      res.status(404);
      return {
        success: false,
        status: 404,
        context: 'query',
        errors: [{ name: 'page', message: 'No such page', ref: 'error.not-found' }],
      };
    }),
} satisfies Fault;
