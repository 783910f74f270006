import { operations } from '../../../openapi/contract.ts';
import { pathRegex } from '../../../reference-server/http/routes.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-02'],
  breaks: 'decision',
  description:
    "A method a literal path lacks falls through to the template that also matches it: `PUT /api/contacts/search.json` is updateContact (404 on its id), and PATCH lists both paths' methods in `Allow`.",
  apply: (app) => {
    const route = app.seams.route;
    app.seams.route = (method, path) => {
      const found = route(method, path);
      if (found.op || found.allow.length === 0) return found;
      const matching = operations.filter((o) => pathRegex(o.path).test(path));
      const op = matching.find((o) => o.method === method);
      if (!op) return { params: {}, allow: matching.map((o) => o.method) };
      return { op, params: { ...pathRegex(op.path).exec(path)!.groups }, allow: [] };
    };
  },
} satisfies Fault;
