import { sql } from '../../../reference-server/store/db.ts';
import { allResources, wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.3', 'D-04'],
  breaks: 'decision',
  description:
    'New ids are max(id) + 1, as a table without AUTOINCREMENT hands them out: deleting the newest item gives its id to the next add.',
  apply: (app) => {
    for (const r of allResources(app)) {
      wrapMethod(r, 'delete', (original) => (ctx, id, parentId) => {
        const existing = original(ctx, id, parentId);
        sql(
          ctx.db,
          `UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(id), 0) FROM "${r.def.name}") WHERE name = ?`,
        ).run(r.def.name);
        return existing;
      });
    }
  },
} satisfies Fault;
