// The crash test's writers and its ledger: concurrent writers create, update and delete products, inventory entries
// and contacts over HTTP, and the ledger keeps every write with how it ended (acknowledged, refused, or cut off by a
// kill) and, per entity, what the server must hold after a restart. Each entity belongs to one writer, which sends
// one request at a time, so the writes of an entity are totally ordered and its expected state is exact.
import type { components } from '../client/index.ts';

export type ResourceName = 'products' | 'inventory' | 'contacts';
export type Kind = 'create' | 'update' | 'delete';
export type Obj = Record<string, unknown>;
type Schemas = components['schemas'];

export interface Entity {
  /** Unique in the run: a product's sku, a contact's reference (what finds a create cut off by a kill). */
  key: string;
  resource: ResourceName;
  writer: number;
  id: number | undefined;
  /** What the server must hold: the entity or nothing (never created, or deleted). */
  exists: boolean;
  /** The fields written so far, merged (a contact's address too): a get must answer them. */
  fields: Obj;
  /** An inventory entry's product (deleting the product deletes its entries, D-40). */
  parent?: Entity;
  /** The last acknowledged write: the one lost when the server does not hold what the ledger expects. */
  lastAcknowledged?: Write;
  /** The server was found holding half of a write: the entity is reported once and left alone from then on. */
  retired?: boolean;
}

export type Outcome = 'acknowledged' | 'refused' | 'in-flight' | 'not-sent';
export type Resolution = 'applied' | 'not applied' | 'half-written';

export interface Write {
  seq: number;
  /** The server's life (1 = before the first kill) in which the write was sent. */
  life: number;
  writer: number;
  kind: Kind;
  entity: Entity;
  /** The resource's writable fields as sent (inside `data` or `contact`). */
  body: Obj | undefined;
  /** Unique per write, in each of the resource's marker fields: tells which write an answer or an event reflects. */
  marker: string;
  outcome?: Outcome;
  status?: number;
  error?: string;
  /** For a write without an acknowledgement: what the server held after the restart. */
  resolution?: Resolution;
}

/** How one resource is written and read back. Everything resource-specific of the harness is in this table. */
export interface Spec {
  /** The body's wrapper: `data` for v2 (§2.1), `contact` for v1 (§4.2). */
  wrap: 'data' | 'contact';
  /** The contract's schema of the resource as returned: every item read back is validated against it. */
  schema: 'Product' | 'Inventory' | 'Contact';
  collection: string;
  item: (id: number) => string;
  /** Every row, page by page (`page` from 1): the items and, for v2 lists, `pagination.total`. */
  page: (page: number) => string;
  pageItems: (body: Obj) => Obj[];
  /** Where to look for a create whose answer never came (by the key its body carries). */
  locate: (e: Entity) => string;
  /** Dotted paths of the fields that carry a write's marker. */
  markers: string[];
  create: (e: Entity, marker: string, n: number) => Obj;
  update: (e: Entity, marker: string, n: number) => Obj;
}

const LIMIT = 100;
const v2Items = (body: Obj) => (body.data as Obj[] | undefined) ?? [];
export const SPECS: Record<ResourceName, Spec> = {
  products: {
    wrap: 'data',
    schema: 'Product',
    collection: '/api/v2/products.json',
    item: (id) => `/api/v2/products/${id}.json`,
    page: (page) => `/api/v2/products.json?limit=${LIMIT}&page=${page}`,
    pageItems: v2Items,
    locate: (e) => `/api/v2/products.json?sku:in=${e.key}`,
    markers: ['title'],
    create: (e, marker) => ({ sku: e.key, title: marker, isActive: true }) satisfies Schemas['ProductInput'],
    update: (_e, marker, n) => ({ title: marker, isActive: n % 3 !== 0 }) satisfies Schemas['ProductInput'],
  },
  inventory: {
    wrap: 'data',
    schema: 'Inventory',
    collection: '/api/v2/inventory.json',
    item: (id) => `/api/v2/inventory/${id}.json`,
    page: (page) => `/api/v2/inventory.json?limit=${LIMIT}&page=${page}`,
    pageItems: v2Items,
    // One entry per product and location (D-43): the pair finds it.
    locate: (e) => `/api/v2/inventory.json?productId=${e.parent!.id}&locationId=${String(e.fields.locationId)}`,
    markers: ['shelfLocation'],
    create: (e, marker, n) =>
      ({
        productId: e.parent!.id!,
        locationId: Number(e.fields.locationId),
        shelfLocation: marker,
        quantityInStock: n,
      }) satisfies Schemas['InventoryInput'],
    update: (_e, marker, n) => ({ shelfLocation: marker, quantityInStock: n }) satisfies Schemas['InventoryInput'],
  },
  contacts: {
    wrap: 'contact',
    schema: 'Contact',
    collection: '/api/contacts.json',
    item: (id) => `/api/contacts/${id}.json`,
    page: (page) => `/api/contacts/search.json?limit=${LIMIT}&page=${page}`,
    pageItems: (body) => (body.contacts as Obj[] | undefined) ?? [],
    locate: (e) => `/api/contacts/search.json?reference=${e.key}`,
    // The contact's row and its address's row (store/contacts.ts): a write must change both or neither.
    markers: ['position', 'address.city'],
    create: (e, marker) =>
      ({
        type: 'user',
        email: `${e.key}@example.com`,
        firstname: 'Crash',
        lastname: `Writer ${e.writer}`,
        reference: e.key,
        position: marker,
        address: { line1: '1 Test Street', city: marker, countryCode: 'GB', zip: 'AB1 2CD' },
      }) satisfies Schemas['ContactInput'],
    update: (_e, marker) =>
      ({ type: 'user', position: marker, address: { city: marker } }) satisfies Schemas['ContactInput'],
  },
};

/** The value at a dotted path (`address.city`). */
export const at = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Obj)[k] : undefined), o);

/** `fields` with `written` merged in, objects (a contact's address) merged one level down as the server merges them. */
export function merged(fields: Obj, written: Obj): Obj {
  const out: Obj = { ...fields };
  for (const [k, v] of Object.entries(written))
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? { ...((fields[k] as Obj) ?? {}), ...v } : v;
  return out;
}

/** mulberry32: a small seeded generator, so that a seed repeats the writers' choices and the kill moments. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The mix of writes (relative weights); an action with no entity to act on falls back to creating a product. */
const MIX: { resource: ResourceName; kind: Kind; weight: number }[] = [
  { resource: 'products', kind: 'create', weight: 3 },
  { resource: 'products', kind: 'update', weight: 4 },
  { resource: 'products', kind: 'delete', weight: 1 },
  { resource: 'inventory', kind: 'create', weight: 3 },
  { resource: 'inventory', kind: 'update', weight: 3 },
  { resource: 'inventory', kind: 'delete', weight: 1 },
  { resource: 'contacts', kind: 'create', weight: 2 },
  { resource: 'contacts', kind: 'update', weight: 2 },
  { resource: 'contacts', kind: 'delete', weight: 1 },
];
const LOCATIONS = [1, 2, 3]; // the reference server's warehouses (D-43)

export class Ledger {
  readonly entities: Entity[] = [];
  readonly writes: Write[] = [];
  private seq = 0;

  next(): number {
    return ++this.seq;
  }

  /** What the server must hold once `w` happened (acknowledged, or found applied after a restart). */
  apply(w: Write, answer?: Obj): void {
    const e = w.entity;
    if (w.kind === 'delete') {
      e.exists = false;
      // D-40: a product's inventory entries go with it (no event of their own).
      if (e.resource === 'products')
        for (const child of this.entities) if (child.parent === e && child.exists) child.exists = false;
    } else {
      e.exists = true;
      e.fields = merged(e.fields, w.body!);
      if (answer && e.id === undefined) e.id = Number(answer.id);
    }
  }
}

/** One write over HTTP: the answer, or the reason none came (the server was killed, or not listening). */
export type Send = (method: string, path: string, body?: Obj) => Promise<{ status: number; body: Obj | undefined }>;

/** The writers of one server life: `run` starts them; `stop` lets each finish the request it has sent, then end. */
export class Writers {
  private stopping = false;
  private loops: Promise<void>[] = [];
  private readonly rngs: (() => number)[];

  private readonly ledger: Ledger;
  private readonly send: Send;
  constructor(ledger: Ledger, send: Send, count: number, seed: number) {
    this.ledger = ledger;
    this.send = send;
    this.rngs = Array.from({ length: count }, (_, i) => prng(seed * 7919 + i + 1));
  }

  run(life: number): void {
    this.stopping = false;
    this.loops = this.rngs.map(async (rng, writer) => {
      while (!this.stopping) await this.step(writer, rng, life);
    });
  }

  /** Says stop; resolves once every writer has its answer or its error (after the kill, at once). */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  private plan(writer: number, rng: () => number): Write {
    const mine = (resource: ResourceName) =>
      this.ledger.entities.filter((e) => e.writer === writer && e.resource === resource && e.exists && !e.retired);
    const pick = <T>(list: T[]): T | undefined => list[Math.floor(rng() * list.length)];
    let r = rng() * MIX.reduce((s, m) => s + m.weight, 0);
    const choice = MIX.find((m) => (r -= m.weight) < 0) ?? MIX[0]!;
    const seq = this.ledger.next();
    const write = (kind: Kind, entity: Entity): Write => ({
      seq,
      life: 0,
      writer,
      kind,
      entity,
      body: undefined,
      marker: `m${seq}`,
    });
    const fresh = (resource: ResourceName, extra: Partial<Entity> = {}): Entity => {
      const e: Entity = { key: `crash-${seq}`, resource, writer, id: undefined, exists: false, fields: {}, ...extra };
      this.ledger.entities.push(e);
      return e;
    };
    if (choice.kind !== 'create' || choice.resource === 'inventory') {
      if (choice.resource === 'inventory' && choice.kind === 'create') {
        const entries = mine('inventory');
        const product = pick(
          mine('products').filter((p) => entries.filter((e) => e.parent === p).length < LOCATIONS.length),
        );
        if (product) {
          const taken = entries.filter((e) => e.parent === product).map((e) => e.fields.locationId);
          const locationId = LOCATIONS.find((l) => !taken.includes(l));
          return write('create', fresh('inventory', { parent: product, fields: { locationId } }));
        }
      } else {
        const target = pick(mine(choice.resource));
        if (target) return write(choice.kind, target);
      }
      return write('create', fresh('products'));
    }
    return write('create', fresh(choice.resource));
  }

  private async step(writer: number, rng: () => number, life: number): Promise<void> {
    const w = this.plan(writer, rng);
    w.life = life;
    const spec = SPECS[w.entity.resource];
    const n = w.seq;
    w.body =
      w.kind === 'create'
        ? spec.create(w.entity, w.marker, n)
        : w.kind === 'update'
          ? spec.update(w.entity, w.marker, n)
          : undefined;
    this.ledger.writes.push(w);
    const [method, path] =
      w.kind === 'create'
        ? ['POST', spec.collection]
        : [w.kind === 'update' ? 'PUT' : 'DELETE', spec.item(w.entity.id!)];
    try {
      const answer = await this.send(method, path, w.body && { [spec.wrap]: w.body });
      w.status = answer.status;
      if (answer.status >= 200 && answer.status <= 299) {
        w.outcome = 'acknowledged';
        w.entity.lastAcknowledged = w;
        this.ledger.apply(w, answer.body?.[spec.wrap] as Obj | undefined);
      } else {
        w.outcome = 'refused';
        w.error = JSON.stringify(answer.body).slice(0, 300);
        // A create refused is never there; the entity is dropped from the mix (exists stays false).
      }
    } catch (err) {
      // No answer: the server died with the request sent (in flight), or was not listening (never sent).
      const code = (err as { cause?: { code?: string } }).cause?.code;
      w.outcome = code === 'ECONNREFUSED' ? 'not-sent' : 'in-flight';
      w.error = `${(err as Error).message}${code ? ` (${code})` : ''}`;
    }
  }
}
