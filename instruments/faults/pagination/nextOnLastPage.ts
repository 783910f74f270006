import { onJson } from '../lib.ts';
import { isList, withPage } from '../listLinks.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-03', '§2.1'],
  breaks: 'source',
  description: '`links.next` is always the following page, also on the last page.',
  apply: (app) =>
    onJson(app, (body) =>
      isList(body)
        ? { ...body, links: { ...body.links, next: withPage(body.links.self, body.pagination.page + 1) } }
        : body,
    ),
} satisfies Fault;
