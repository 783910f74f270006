import { onJson } from '../faults/lib.ts';
import { isList } from '../faults/listLinks.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-03'],
  description:
    'List `links` are absolute URLs (`http://127.0.0.1:8080/api/v2/products.json?page=2&limit=100`) instead of paths with a query string. §2.1 calls `self`, `previous` and `next` the "URL of the current search" / "of the previous page" / "of the next page" and gives no form; an absolute URL is the most literal reading.',
  apply: (app) =>
    onJson(app, (body, res) => {
      if (!isList(body)) return body;
      const origin = `${res.req.protocol}://${res.req.headers.host ?? 'localhost'}`;
      const abs = (link: string | null) => (typeof link === 'string' && link.startsWith('/') ? origin + link : link);
      return {
        ...body,
        links: { self: abs(body.links.self), previous: abs(body.links.previous), next: abs(body.links.next) },
      };
    }),
} satisfies Variant;
