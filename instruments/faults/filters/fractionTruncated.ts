import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.4', 'D-10'],
  // A server may refuse a fraction (D-10); one that takes the bound must compare with it as §4.4 says (`:min` greater
  // than or equal).
  breaks: 'source',
  description:
    'A date-time bound loses its fraction of a second (`…:42.500-05:30` is read as `…:42-05:30`), so `:min` and `:before` judge an item of that very second as if it were at the bound.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      // The server reads the query from the original URL. Values arrive percent-encoded: `:` is %3A, `+` is %2B.
      const q = req.originalUrl.indexOf('?');
      if (q < 0) return;
      req.originalUrl =
        req.originalUrl.slice(0, q) + req.originalUrl.slice(q).replace(/(%3A\d{2})\.\d+(?=Z|%2B|-|\+|&|$)/gi, '$1');
    }),
} satisfies Fault;
