// Event outbox (D-17, D-23): each change writes its deliveries in the same transaction, so an acknowledged
// change never loses its events, and a restart on a file database resumes pending deliveries.
import { randomUUID } from 'node:crypto';
import { isoUtc, sql, type Db, type Row } from '../store/db.ts';
import type { Json } from '../http/spec.ts';

export const OUTBOX_DDL = `CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY, deliveryId TEXT NOT NULL, webhookId INTEGER NOT NULL, clientId TEXT NOT NULL,
  url TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
  nextAttemptAt INTEGER NOT NULL, state TEXT NOT NULL DEFAULT 'pending', lastError TEXT);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, nextAttemptAt);`;

export const account = process.env.STORE_ACCOUNT ?? 'reference-store';

/** D-17: `products/*`, `*\/created`, `*` and exact names. */
export function matches(pattern: string, event: string): boolean {
  const [pr, pa] = pattern.split('/');
  const [er, ea] = event.split('/');
  return pattern === '*' || ((pr === '*' || pr === er) && (pa === '*' || pa === ea));
}

/** Who receives an event, as one named seam: the active subscriptions and the pattern rule (D-17, D-23). */
export const routing = {
  subscriptions: (db: Db) => sql(db, 'SELECT id, url, events, metadata, "_clientId" FROM webhooks WHERE isActive = 1').all() as Row[],
  matches,
};

const listeners = new Set<() => void>();
export const onEnqueue = (fn: () => void) => { listeners.add(fn); return () => listeners.delete(fn); };

export function emit(db: Db, resource: string, action: 'created' | 'updated' | 'deleted', data: Json, now: Date): void {
  if (resource === 'webhooks') return; // subscriptions are not events of D-17
  const event = `${resource}/${action}`;
  const hooks = routing.subscriptions(db);
  let queued = 0;
  for (const h of hooks) {
    if (!(JSON.parse(String(h.events)) as string[]).some((p) => routing.matches(p, event))) continue;
    const body = { eventId: randomUUID(), event, createdOn: isoUtc(now), apiVersion: 'v2', account, data, metadata: JSON.parse(String(h.metadata ?? '{}')) };
    sql(db, 'INSERT INTO outbox (deliveryId, webhookId, clientId, url, event, body, nextAttemptAt) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(body.eventId, h.id!, h._clientId!, h.url!, event, JSON.stringify(body), now.getTime());
    queued++;
  }
  if (queued) queueMicrotask(() => listeners.forEach((fn) => fn()));
}
