import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export default {
  source: ['D-66'],
  // RFC 8259 §8.1 binds the sender to UTF-8 and leaves the reader free: refusing other bytes is D-66's.
  breaks: 'decision',
  description:
    'A body whose bytes are not UTF-8 is decoded as ISO-8859-1 (a lenient decoder) instead of answering 400.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) return;
      try {
        utf8.decode(req.body);
      } catch {
        req.body = Buffer.from(req.body.toString('latin1'), 'utf8');
      }
    }),
} satisfies Fault;
