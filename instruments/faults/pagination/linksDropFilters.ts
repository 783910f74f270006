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
  source: ['§2.1', 'D-03'],
  // §2.1: `self` is the "URL of the current search" and `next` the URL of its next page; a link without the filters is
  // another search.
  breaks: 'source',
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
