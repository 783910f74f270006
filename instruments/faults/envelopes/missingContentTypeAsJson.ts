import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-66'],
  description: 'A body sent without Content-Type is taken for JSON (sniffed) instead of answering 415.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      if (!req.headers['content-type'] && Buffer.isBuffer(req.body) && req.body.length > 0)
        req.headers['content-type'] = 'application/json';
    }),
} satisfies Fault;
