import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export default {
  source: ['D-66'],
  // RFC 8259 §8.1 lets a parser ignore a byte order mark: refusing it is D-66's.
  breaks: 'decision',
  description: 'A JSON body starting with a UTF-8 byte order mark is read without it instead of answering 400.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      if (Buffer.isBuffer(req.body) && req.body.subarray(0, 3).equals(BOM)) req.body = req.body.subarray(3);
    }),
} satisfies Fault;
