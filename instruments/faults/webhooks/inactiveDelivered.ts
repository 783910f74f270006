import { sql, type Row } from '../../../reference-server/store/db.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§6', '§2.8', 'D-23'],
  breaks: 'source',
  description: 'Events go to every subscription, also those with `isActive: false`.',
  apply: (app) => {
    app.seams.routing.subscriptions = (db) =>
      sql(db, 'SELECT id, url, events, metadata, "_clientId" FROM webhooks').all() as Row[];
  },
} satisfies Fault;
