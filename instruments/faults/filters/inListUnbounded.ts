import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-70'],
  breaks: 'decision',
  description:
    'An `:in` list past 1,000 values is not refused: the server reads its first 1,000 values and drops the rest without a word.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      const url = new URL(req.originalUrl, 'http://localhost');
      let cut = false;
      for (const [key, value] of [...url.searchParams])
        if (key.endsWith(':in') && value.split(',').length > 1000) {
          url.searchParams.set(key, value.split(',').slice(0, 1000).join(','));
          cut = true;
        }
      if (cut) req.originalUrl = `${url.pathname}?${url.searchParams}`;
    }),
} satisfies Fault;
