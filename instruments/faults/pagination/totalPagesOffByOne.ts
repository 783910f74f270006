import { onJson } from '../lib.ts';
import { isList } from '../listLinks.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03', '§2.1'],
  breaks: 'source',
  description:
    '`totalPages` is `floor(total / limit) + 1`: one too many when total is a multiple of limit (and 1 for an empty list).',
  apply: (app) =>
    onJson(app, (body) => {
      if (!isList(body)) return body;
      const { total, limit } = body.pagination;
      return { ...body, pagination: { ...body.pagination, totalPages: Math.floor(total / limit) + 1 } };
    }),
} satisfies Fault;
