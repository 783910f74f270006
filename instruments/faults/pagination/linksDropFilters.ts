import { onJson } from '../lib.ts';
import { isList } from '../listLinks.ts';
import type { Fault } from '../types.ts';

/** Keeps only `page` and `limit` of a link. */
const bare = (link: string | null) => {
  if (link === null) return null;
  const [path, search = ''] = link.split('?');
  const q = new URLSearchParams(search);
  return `${path}?page=${q.get('page')}&limit=${q.get('limit')}`;
};

export default {
  source: ['D-03'],
  description: 'The links are built from `page` and `limit` alone: following `next` drops every filter.',
  apply: (app) =>
    onJson(app, (body) =>
      isList(body)
        ? {
            ...body,
            links: { self: bare(body.links.self), previous: bare(body.links.previous), next: bare(body.links.next) },
          }
        : body,
    ),
} satisfies Fault;
