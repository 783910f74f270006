// The soak's workload as data: the cycle each connection goes round, the webhook subscriptions, and the types shared
// by the load process (soak-load.ts) and the harness (soak-run.ts). Everything resource-specific of the soak is here.
//
// One cycle creates a product, an inventory entry of it, a redirect and a contact, reads them back, lists pages with
// filters, updates each once and deletes each (the entry before its product, so that every delete has its own event:
// D-40 cascades without one, D-53). So the data stays bounded (at most one cycle's rows per connection) whatever
// the run's length, and every write causes events for the subscriptions below.
import type { components } from '../client/index.ts';

type Schemas = components['schemas'];
/** What one connection's cycle has made so far (autocannon's per-connection context, reset at each new cycle). */
export interface Cycle {
  /** Unique in the run: `<pid>-<cycle>`, in skus, references, paths and emails. */
  n: string;
  product?: number;
  inventory?: number;
  redirect?: number;
  contact?: number;
}
type Ids = 'product' | 'inventory' | 'redirect' | 'contact';

export interface Step {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (c: Cycle) => string;
  /** The body, given a stamp `soak@<ms since epoch>` of when it was sent (carried into the event, for the lag). */
  body?: (c: Cycle, stamp: string) => object;
  /** A create: where the new id is kept (from `data.id`, or `contact.id` for v1, §4.2). */
  keep?: Ids;
  /** A write: the event its 2xx causes (D-17). */
  event?: string;
}

/** The stamp prefix; soak-run.ts finds it in a delivered event's `data` and takes the lag from it. */
export const STAMP = 'soak@';

const get = (name: string, path: (c: Cycle) => string): Step => ({ name, method: 'GET', path });
export const CYCLE: Step[] = [
  {
    name: 'create product',
    method: 'POST',
    path: () => '/api/v2/products.json',
    body: (c, stamp) => ({
      data: { sku: `soak-${c.n}`, title: stamp, isActive: true } satisfies Schemas['ProductInput'],
    }),
    keep: 'product',
    event: 'products/created',
  },
  get('get product', (c) => `/api/v2/products/${c.product}.json`),
  get('list products (status)', () => '/api/v2/products.json?status=public&limit=20'),
  {
    name: 'create inventory',
    method: 'POST',
    path: () => '/api/v2/inventory.json',
    body: (c, stamp) => ({
      data: {
        productId: c.product!,
        locationId: 1,
        quantityInStock: 5,
        shelfLocation: stamp,
      } satisfies Schemas['InventoryInput'],
    }),
    keep: 'inventory',
    event: 'inventory/created',
  },
  get('list inventory (product)', (c) => `/api/v2/inventory.json?productId=${c.product}`),
  {
    name: 'update product',
    method: 'PUT',
    path: (c) => `/api/v2/products/${c.product}.json`,
    body: (_c, stamp) => ({ data: { title: stamp } satisfies Schemas['ProductInput'] }),
    event: 'products/updated',
  },
  get('get product (updated)', (c) => `/api/v2/products/${c.product}.json`),
  get('list products (sku)', (c) => `/api/v2/products.json?sku:in=soak-${c.n}`),
  {
    name: 'update inventory',
    method: 'PUT',
    path: (c) => `/api/v2/inventory/${c.inventory}.json`,
    body: (_c, stamp) => ({ data: { quantityInStock: 7, shelfLocation: stamp } satisfies Schemas['InventoryInput'] }),
    event: 'inventory/updated',
  },
  get('get inventory', (c) => `/api/v2/inventory/${c.inventory}.json`),
  get('list products (page of 100)', () => '/api/v2/products.json?limit=100&page=1'),
  {
    name: 'create redirect',
    method: 'POST',
    path: () => '/api/v2/redirects.json',
    body: (c, stamp) => ({
      data: { resource: 'url', path: `/soak-${c.n}`, target: `/media/${stamp}` } satisfies Schemas['RedirectInput'],
    }),
    keep: 'redirect',
    event: 'redirects/created',
  },
  get('list redirects (resource)', () => '/api/v2/redirects.json?resource=url&limit=20'),
  {
    name: 'update redirect',
    method: 'PUT',
    path: (c) => `/api/v2/redirects/${c.redirect}.json`,
    body: (_c, stamp) => ({ data: { target: `/media/${stamp}` } satisfies Schemas['RedirectInput'] }),
    event: 'redirects/updated',
  },
  get('get redirect', (c) => `/api/v2/redirects/${c.redirect}.json`),
  {
    name: 'create contact',
    method: 'POST',
    path: () => '/api/contacts.json',
    body: (c, stamp) => ({
      contact: {
        type: 'user',
        email: `soak-${c.n}@example.com`,
        firstname: 'Soak',
        lastname: `Cycle ${c.n}`,
        reference: `soak-${c.n}`,
        position: stamp,
      } satisfies Schemas['ContactInput'],
    }),
    keep: 'contact',
    event: 'contacts/created',
  },
  get('search contacts (reference)', (c) => `/api/contacts/search.json?reference=soak-${c.n}`),
  get('get contact', (c) => `/api/contacts/${c.contact}.json`),
  {
    name: 'update contact',
    method: 'PUT',
    path: (c) => `/api/contacts/${c.contact}.json`,
    body: (_c, stamp) => ({ contact: { type: 'user', position: stamp } satisfies Schemas['ContactInput'] }),
    event: 'contacts/updated',
  },
  get('search contacts (q)', () => '/api/contacts/search.json?q=Soak&limit=20'),
  {
    name: 'delete redirect',
    method: 'DELETE',
    path: (c) => `/api/v2/redirects/${c.redirect}.json`,
    event: 'redirects/deleted',
  },
  get('list redirects (path)', (c) => `/api/v2/redirects.json?path=/soak-${c.n}`),
  {
    name: 'delete contact',
    method: 'DELETE',
    path: (c) => `/api/contacts/${c.contact}.json`,
    event: 'contacts/deleted',
  },
  get('list inventory (location)', () => '/api/v2/inventory.json?locationId=1&limit=50'),
  {
    name: 'delete inventory',
    method: 'DELETE',
    path: (c) => `/api/v2/inventory/${c.inventory}.json`,
    event: 'inventory/deleted',
  },
  get('list products (type)', () => '/api/v2/products.json?type=physical&limit=20'),
  {
    name: 'delete product',
    method: 'DELETE',
    path: (c) => `/api/v2/products/${c.product}.json`,
    event: 'products/deleted',
  },
  get('list webhooks', () => '/api/v2/webhooks.json'),
];

/**
 * The subscriptions the harness makes (D-17 patterns), each with its name in `metadata.soak` so that a delivery
 * tells which one it came from: everything, one resource, and one action across resources.
 */
export const SUBSCRIPTIONS: { name: string; events: components['schemas']['EventPattern'][] }[] = [
  { name: 'all', events: ['*'] },
  { name: 'products', events: ['products/*'] },
  { name: 'deletes', events: ['*/deleted'] },
];

/** D-17's pattern rule (`*`, `<resource>/*`, `*\/<action>`, exact), for how many deliveries each event must make. */
export const matches = (pattern: string, event: string): boolean => {
  const [pr, pa] = pattern.split('/');
  const [er, ea] = event.split('/');
  return pattern === '*' || ((pr === '*' || pr === er) && (pa === '*' || pa === ea));
};

/** What the harness passes the load process (as one JSON argument). */
export interface LoadOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  connections: number;
  seconds: number;
  windowMs: number;
  timeoutSeconds: number;
}

/** One sampling window of the load process: what was answered in it. */
export interface Window {
  /** When the window ended (ms since epoch). */
  at: number;
  requests: number;
  /** Per step: requests answered, and those answered 2xx. */
  byStep: Record<string, { done: number; ok: number }>;
  /** Non-2xx answers, by `<step> → <status>`: every step of the cycle expects a 2xx. */
  unexpected: Record<string, number>;
  /** The first non-2xx of the window, whole enough to tell what went wrong. */
  example?: string;
  socketErrors: number;
  timeouts: number;
  /** The latency of every answered request, ms. */
  latencies: number[];
}
