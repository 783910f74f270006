import { findOperation } from '../../../reference-server/http/routes.ts';
import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-41'],
  breaks: 'decision',
  description: 'Query parameters the operation does not declare are silently ignored instead of a 422.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      const url = new URL(req.originalUrl, 'http://localhost');
      const { op } = findOperation(req.method, url.pathname);
      if (!op) return;
      const known = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
      for (const name of [...url.searchParams.keys()]) if (!known.has(name)) url.searchParams.delete(name);
      req.originalUrl = url.pathname + url.search;
    }),
} satisfies Fault;
