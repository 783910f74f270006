// Event outbox (D-17, D-23): each change writes its deliveries in the same transaction, so an acknowledged
// change never loses its events, and a restart on a file database resumes pending deliveries.
import { randomUUID } from 'node:crypto';
import { isoUtc, sql, type Db, type Row } from '../store/db.ts';
import type { Action, Events } from '../store/types.ts';

/** D-17: `products/*`, `*\/created`, `*` and exact names. */
export function matches(pattern: string, event: string): boolean {
  const [pr, pa] = pattern.split('/');
  const [er, ea] = event.split('/');
  return pattern === '*' || ((pr === '*' || pr === er) && (pa === '*' || pa === ea));
}

/** Who receives an event, as a seam of each app: the active subscriptions and the pattern rule (D-17, D-23). */
export interface Routing {
  subscriptions(db: Db): Row[];
  matches(pattern: string, event: string): boolean;
}
export const defaultRouting = (): Routing => ({
  subscriptions: (db) =>
    sql(db, 'SELECT id, url, events, metadata, "_clientId" FROM webhooks WHERE isActive = 1').all() as Row[],
  matches,
});

/** One app's outbox: `emit` queues an event's deliveries; the app's worker is told at once. */
export class Outbox implements Events {
  private readonly listeners = new Set<() => void>();
  private readonly account: string;
  readonly routing: Routing;
  constructor(account: string, routing: Routing = defaultRouting()) {
    this.account = account;
    this.routing = routing;
  }

  /** Calls `fn` after each change that queued deliveries; returns the unsubscribe. */
  onEnqueue(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(db: Db, resource: string, action: Action, data: unknown, now: Date): void {
    if (resource === 'webhooks') return; // subscriptions are not events of D-17
    const event = `${resource}/${action}`;
    let queued = 0;
    for (const h of this.routing.subscriptions(db)) {
      if (!(JSON.parse(String(h.events)) as string[]).some((p) => this.routing.matches(p, event))) continue;
      const body = {
        eventId: randomUUID(),
        event,
        createdOn: isoUtc(now),
        apiVersion: 'v2',
        account: this.account,
        data,
        metadata: JSON.parse(String(h.metadata ?? '{}')),
      };
      sql(
        db,
        'INSERT INTO outbox (deliveryId, webhookId, clientId, url, event, body, nextAttemptAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(body.eventId, h.id!, h._clientId!, h.url!, event, JSON.stringify(body), now.getTime());
      queued++;
    }
    if (queued) queueMicrotask(() => this.listeners.forEach((fn) => fn()));
  }
}
