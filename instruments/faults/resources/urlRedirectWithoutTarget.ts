import { beforeDispatch, rewriteBody, wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

/** Stands in for the missing target while the document's `if resource = url then target` is skipped. */
const NONE = '/-no-target-';

export default {
  source: ['§2.5', 'D-44'],
  // §2.5 types `target` "string or null" and §2.12 gives no required fields for add: that a `url` redirect needs one is
  // D-44's.
  breaks: 'decision',
  description: 'A `url` redirect is accepted without `target` (the conditional requirement is not enforced).',
  apply: (app) => {
    beforeDispatch(app, (req) => {
      if (req.method === 'POST' && req.path === '/api/v2/redirects.json') {
        rewriteBody(req, (b) =>
          b?.data?.resource === 'url' && b.data.target === undefined ? { ...b, data: { ...b.data, target: NONE } } : b,
        );
      }
    });
    const r = app.seams.resources.redirects;
    const check = r.def.check!;
    r.def.check = (ctx, next, previous, self) =>
      check(ctx, next.resource === 'url' && !next.target ? { ...next, target: NONE } : next, previous, self);
    wrapMethod(
      r,
      'create',
      (create) => (ctx, input, parentId) =>
        create(ctx, input.target === NONE ? { ...input, target: null } : input, parentId),
    );
  },
} satisfies Fault;
