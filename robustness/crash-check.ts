// The crash test's checks after each restart, and of the webhook deliveries at the end:
// - a write cut off by the kill is resolved by reading: applied whole, not applied, or half-written (a failure);
// - everything the ledger expects is there (acknowledged writes are never lost) and nothing else is, read through
//   every page of each list, whose total must agree with its pages, each item valid against the contract and its
//   derived fields consistent (a product's status and currentStock, an entry's quantityAvailable, a contact's address);
// - every event of a write that happened is delivered, with one eventId for all its copies, and no event of a write
//   that did not happen (D-17, D-23).
import { validatorFor } from '../openapi/validators.ts';
import type { Delivery } from './crash-server.ts';
import {
  at,
  SPECS,
  type Entity,
  type Ledger,
  type Obj,
  type ResourceName,
  type Send,
  type Write,
} from './crash-workload.ts';

export type ProblemKind = 'lost' | 'half-written' | 'unexpected' | 'list' | 'derived' | 'invalid' | 'event';
export interface Problem {
  kind: ProblemKind;
  life: number;
  message: string;
}

const validators = Object.fromEntries(
  Object.entries(SPECS).map(([name, spec]) => [name, validatorFor(`#/components/schemas/${spec.schema}`)]),
) as Record<ResourceName, ReturnType<typeof validatorFor>>;
const RESOURCES = Object.keys(SPECS) as ResourceName[];

const describe = (w: Write) => `#${w.seq} ${w.kind} ${w.entity.resource} ${w.entity.id ?? w.entity.key}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where the server's copy of an entity differs from the fields written (dotted paths). */
function differences(fields: Obj, item: Obj, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? differences(v as Obj, (item[k] as Obj | null) ?? {}, `${prefix}${k}.`)
      : same(v, item[k])
        ? []
        : [`${prefix}${k}: ${JSON.stringify(item[k])}, expected ${JSON.stringify(v)}`],
  );
}

export class Checker {
  readonly problems: Problem[] = [];
  /** Acknowledged writes whose effect the server did not hold after a restart. */
  readonly lost = new Set<Write>();

  private readonly ledger: Ledger;
  private readonly send: Send;
  constructor(ledger: Ledger, send: Send) {
    this.ledger = ledger;
    this.send = send;
  }

  private problem(kind: ProblemKind, life: number, message: string): void {
    this.problems.push({ kind, life, message });
  }

  /** The writes of `life` that got no answer: what the restarted server holds decides how each ended. */
  async resolve(life: number): Promise<void> {
    for (const w of this.ledger.writes) {
      if (w.life !== life || (w.outcome !== 'in-flight' && w.outcome !== 'not-sent')) continue;
      const spec = SPECS[w.entity.resource];
      const e = w.entity;
      let found: Obj | undefined;
      if (w.kind === 'create') {
        const answer = await this.send('GET', spec.locate(e));
        found = spec.pageItems(answer.body ?? {})[0];
      } else {
        const answer = await this.send('GET', spec.item(e.id!));
        found = answer.status === 200 ? (answer.body?.[spec.wrap] as Obj) : undefined;
      }
      if (w.kind === 'delete') w.resolution = found ? 'not applied' : 'applied';
      else if (!found) w.resolution = w.kind === 'create' ? 'not applied' : 'half-written';
      else {
        // Every marker field carries the write's marker (applied), or none does and each still has the previous
        // write's (not applied); anything else is half of the write.
        const now = spec.markers.map((m) => at(found, m));
        if (now.every((v) => v === w.marker)) w.resolution = 'applied';
        else if (w.kind === 'update' && spec.markers.every((m, i) => now[i] === at(e.fields, m)))
          w.resolution = 'not applied';
        else w.resolution = 'half-written';
      }
      if (w.resolution === 'applied') this.ledger.apply(w, found);
      if (w.resolution === 'half-written') {
        e.retired = true;
        this.problem('half-written', life, `${describe(w)} without an answer: ${JSON.stringify(found ?? null)}`);
      }
    }
  }

  /** Everything the ledger expects against every page of every list. */
  async verify(life: number): Promise<void> {
    const held = new Map<ResourceName, Map<number, Obj>>();
    for (const name of RESOURCES) held.set(name, await this.readAll(name, life));
    for (const e of this.ledger.entities) {
      if (e.retired || e.id === undefined) continue;
      const item = held.get(e.resource)!.get(e.id);
      held.get(e.resource)!.delete(e.id);
      if (!e.exists) {
        if (item) this.loses(e, life, `${e.resource} ${e.id} is there; its delete was acknowledged`);
        continue;
      }
      if (!item) {
        this.loses(e, life, `${e.resource} ${e.id} is missing`);
        continue;
      }
      const diff = differences(e.fields, item);
      if (diff.length) this.loses(e, life, `${e.resource} ${e.id}: ${diff.join('; ')}`);
      for (const message of this.derived(e, item)) this.problem('derived', life, `${e.resource} ${e.id}: ${message}`);
    }
    // What is left was written by nobody (the one hq contact is the server's own, D-12).
    for (const [name, items] of held)
      for (const [id, item] of items)
        if (!(name === 'contacts' && item.type === 'hq'))
          this.problem('unexpected', life, `${name} ${id} is there, and no write made it: ${JSON.stringify(item)}`);
  }

  private loses(e: Entity, life: number, message: string): void {
    const w = e.lastAcknowledged;
    if (w) this.lost.add(w);
    e.retired = true;
    this.problem('lost', life, `${message} (last acknowledged write: ${w ? describe(w) : 'none'})`);
  }

  /** Every page of a list: ids once each, as many items as `total` says, each valid against the contract. */
  private async readAll(name: ResourceName, life: number): Promise<Map<number, Obj>> {
    const spec = SPECS[name];
    const items = new Map<number, Obj>();
    let total: number | undefined;
    for (let page = 1; ; page++) {
      const answer = await this.send('GET', spec.page(page));
      if (answer.status !== 200) {
        this.problem('list', life, `${spec.page(page)} answered ${answer.status}`);
        break;
      }
      const body = answer.body ?? {};
      const pageItems = spec.pageItems(body);
      const pagination = body.pagination as { total?: number } | undefined;
      if (pagination?.total !== undefined) {
        if (total !== undefined && total !== pagination.total)
          this.problem('list', life, `${name}: total ${pagination.total} on page ${page}, ${total} on page 1`);
        total ??= pagination.total;
      }
      for (const item of pageItems) {
        const id = Number(item.id);
        if (items.has(id)) this.problem('list', life, `${name} ${id} is on two pages`);
        items.set(id, item);
        if (!validators[name](item))
          this.problem('invalid', life, `${name} ${id}: ${JSON.stringify(validators[name].errors)}`);
      }
      if (pageItems.length === 0 || (total === undefined && pageItems.length < 100) || items.size === total) break;
    }
    if (total !== undefined && total !== items.size)
      this.problem('list', life, `${name}: total ${total}, pages ${items.size}`);
    return items;
  }

  /** The fields the server derives in the write's own transaction (§3, D-15, D-43). */
  private derived(e: Entity, item: Obj): string[] {
    const out: string[] = [];
    const expect = (what: string, got: unknown, wanted: unknown) => {
      if (!same(got, wanted)) out.push(`${what} ${JSON.stringify(got)}, expected ${JSON.stringify(wanted)}`);
    };
    if (e.resource === 'products') {
      // §3: no publish dates, so public exactly when active. D-43: the sum over its entries, null without any.
      expect('status', item.status, e.fields.isActive ? 'public' : 'admin');
      const entries = this.ledger.entities.filter((c) => c.parent === e && c.exists && !c.retired);
      const stock = entries.reduce((s, c) => s + Number(c.fields.quantityInStock), 0);
      if (!entries.some((c) => c.retired)) expect('currentStock', item.currentStock, entries.length ? stock : null);
    } else if (e.resource === 'inventory') {
      expect('productId', item.productId, e.parent!.id);
      expect(
        'quantityAvailable',
        item.quantityAvailable,
        Number(item.quantityInStock) - Number(item.quantityReserved ?? 0),
      );
    } else {
      // §2.2: the address inherits the contact's names; its country is derived from its code (D-15).
      const address = item.address as Obj | null;
      expect('address.firstname', address?.firstname, e.fields.firstname);
      expect('address.country', typeof address?.country, 'string');
    }
    return out;
  }

  /** The event each write that happened must deliver (acknowledged, or found applied after a restart), by key. */
  private expectedEvents(): Map<string, Write> {
    const expected = new Map<string, Write>();
    for (const w of this.ledger.writes) {
      if ((w.outcome !== 'acknowledged' && w.resolution !== 'applied') || w.entity.retired) continue;
      expected.set(eventKey(`${w.entity.resource}/${ACTION[w.kind]}`, w.entity.id, w.marker), w);
    }
    return expected;
  }

  /** How many events of writes that happened have no delivery yet: the drain waits for none. */
  undelivered(deliveries: Delivery[]): number {
    const seen = new Set(deliveries.flatMap((d) => (d.body ? [deliveryKey(d.body)] : [])));
    return [...this.expectedEvents().keys()].filter((key) => !seen.has(key)).length;
  }

  /** The deliveries against the writes that happened. */
  events(deliveries: Delivery[], lastLife: number): EventFigures {
    const expected = this.expectedEvents();
    const eventIds = new Map<string, Set<string>>();
    const copies = new Map<string, number>();
    const attempts = new Map<string, number[]>();
    let invalid = 0;
    for (const d of deliveries) {
      if (d.problems.length) {
        invalid++;
        this.problem('event', lastLife, `delivery ${d.deliveryId}: ${d.problems.join('; ')}`);
      }
      if (!d.body) continue;
      copies.set(d.body.eventId, (copies.get(d.body.eventId) ?? 0) + 1);
      attempts.set(d.body.eventId, [...(attempts.get(d.body.eventId) ?? []), d.attempt]);
      const key = deliveryKey(d.body);
      if (!eventIds.has(key)) eventIds.set(key, new Set());
      eventIds.get(key)!.add(d.body.eventId);
    }
    let delivered = 0;
    for (const [key, w] of expected) {
      const ids = eventIds.get(key);
      if (!ids) {
        this.problem('event', lastLife, `no delivery of ${key} (${describe(w)}, ${w.outcome})`);
        continue;
      }
      delivered++;
      if (ids.size > 1)
        this.problem('event', lastLife, `${key} delivered under ${ids.size} eventIds: ${[...ids].join(', ')}`);
    }
    const stray = [...eventIds.keys()].filter((key) => !expected.has(key));
    for (const key of stray) this.problem('event', lastLife, `a delivery of ${key}, and no write made it`);
    return {
      expected: expected.size,
      delivered,
      lost: expected.size - delivered,
      deliveries: deliveries.length,
      duplicates: [...copies.values()].reduce((s, n) => s + n - 1, 0),
      duplicatedEvents: [...copies.values()].filter((n) => n > 1).length,
      stray: stray.length,
      invalid,
      repeatedAttempts: [...attempts.values()].reduce((s, list) => s + list.length - new Set(list).size, 0),
    };
  }
}

const ACTION = { create: 'created', update: 'updated', delete: 'deleted' } as const;
/** One write's event: its name and entity id, and for a create or an update the write's marker (D-17: `data` is the
 * resource after the write); a delete's `data` is the resource as it was, and an entity is deleted once. */
const eventKey = (event: string, id: unknown, marker: unknown) =>
  event.endsWith('/deleted') ? `${event} ${String(id)}` : `${event} ${String(id)} ${String(marker)}`;
const deliveryKey = (body: NonNullable<Delivery['body']>) => {
  const spec = SPECS[body.event.split('/')[0] as ResourceName];
  return eventKey(body.event, body.data.id, spec ? at(body.data, spec.markers[0]!) : undefined);
};

export interface EventFigures {
  /** Events of writes that happened. */
  expected: number;
  /** Of those, delivered at least once. */
  delivered: number;
  lost: number;
  /** Every delivery the receiver got whole. */
  deliveries: number;
  /** Copies beyond the first, by eventId (at-least-once delivery, D-23). */
  duplicates: number;
  duplicatedEvents: number;
  /** Events delivered for a write that did not happen. */
  stray: number;
  /** Deliveries with a bad signature, envelope or delivery id (D-16, D-17). */
  invalid: number;
  /** Copies whose X-Store-Webhook-Attempt repeats an earlier copy's of the same event (D-16 counts 1, 2, 3, …). */
  repeatedAttempts: number;
}
