import { sql, type Row } from '../../store/db.ts';
import { routing } from '../../webhooks/outbox.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'webhooks.inactiveDelivered', area: 'webhooks', source: ['§2.8', 'D-23'],
  description: 'Events go to every subscription, also those with `isActive: false`.',
  apply: () => { routing.subscriptions = (db) => sql(db, 'SELECT id, url, events, metadata, "_clientId" FROM webhooks').all() as Row[]; },
} satisfies Fault;
