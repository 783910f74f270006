import { sql, type Row } from '../../../reference-server/store/db.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.5', '§4.4', 'D-44'],
  breaks: 'source',
  description:
    "A product redirect's target is the product's URL copied when the redirect is made: a later change of the alias leaves it pointing at the old URL.",
  apply: (app) => {
    const r = app.seams.resources.redirects;
    // The target is read as stored, and filtered as stored.
    r.def.computed!.target = { stored: true, value: (o) => o.target, sql: '"target"' };
    const check = r.def.check!;
    r.def.check = (ctx, next, previous, self) => {
      check(ctx, next, previous, self);
      if (next.resource !== 'product') return;
      const alias = (
        sql(ctx.db, 'SELECT alias FROM products WHERE id = ?').get(Number(next.resourceId)) as Row | undefined
      )?.alias;
      next.target = previous?.target ?? (alias ? `/${String(alias)}` : null);
    };
  },
} satisfies Fault;
