import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-66'],
  // RFC 9110 §8.3 lets a recipient examine a body without Content-Type: refusing it is D-66's.
  breaks: 'decision',
  description: 'A body sent without Content-Type is taken for JSON (sniffed) instead of answering 415.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      if (!req.headers['content-type'] && Buffer.isBuffer(req.body) && req.body.length > 0)
        req.headers['content-type'] = 'application/json';
    }),
} satisfies Fault;
