import { sql, type Row } from '../../../reference-server/store/db.ts';
import { allResources, wrapRead } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-04'],
  // §4.3 gives the paths, not what an id of another parent answers: that is D-04's.
  breaks: 'decision',
  description:
    'A sub-resource is looked up by its own id only: `/products/1/media/7.json` answers media 7 of product 2.',
  apply: (app) => {
    for (const r of allResources(app).filter((resource) => resource.def.parent)) {
      wrapRead(r, 'lookup', (lookup) => (ctx, id, parentId) => {
        const row = sql(ctx.db, `SELECT "${r.def.parent!.column}" AS parent FROM "${r.def.name}" WHERE id = ?`).get(
          id,
        ) as Row | undefined;
        return lookup(
          ctx,
          id,
          row &&
            parentId !== undefined &&
            sql(ctx.db, `SELECT 1 FROM "${r.def.parent!.table}" WHERE id = ?`).get(parentId)
            ? Number(row.parent)
            : parentId,
        );
      });
    }
  },
} satisfies Fault;
