import { sql } from '../../../reference-server/store/db.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§3', 'D-12'],
  breaks: 'source',
  description: 'The hq contact can be deleted like any other.',
  apply: (app) =>
    wrapHandler(app, 'deleteContact', (original) => (req) => {
      const id = Number(req.params.id);
      if (!sql(req.db, "SELECT 1 FROM contacts WHERE id = ? AND type = 'hq'").get(id)) return original(req);
      sql(req.db, 'DELETE FROM contacts WHERE id = ?').run(id);
      return { status: 204 };
    }),
} satisfies Fault;
