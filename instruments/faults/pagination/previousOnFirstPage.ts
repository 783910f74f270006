import { onJson } from '../lib.ts';
import { isList, withPage } from '../listLinks.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03', '§2.1'],
  breaks: 'source',
  description: '`links.previous` is always `page - 1`, so page 1 links to page 0.',
  apply: (app) =>
    onJson(app, (body) =>
      isList(body)
        ? { ...body, links: { ...body.links, previous: withPage(body.links.self, body.pagination.page - 1) } }
        : body,
    ),
} satisfies Fault;
