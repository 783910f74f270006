// Seeds the demo store (demo/store.ts) through the API itself: a token by the client credentials grant (§4.1), then
// the same add operations any App calls, over HTTP. So the demo data meets every rule of the contract by
// construction (validation, defaults, derived fields, events), and nothing here writes to the database directly.
// It seeds only a store that holds nothing beyond what every new store starts with (D-12, D-34, D-35), so a second
// start on the same database file never duplicates it.
import { createStoreClient } from '../../client/index.ts';
import * as store from './store.ts';

/** The scope families the demo writes (D-07); the seeding client must hold each (`shipping`: its App, D-18). */
export const DEMO_SCOPES = ['products', 'inventory', 'content', 'contacts', 'settings', 'shipping'];

/** What was created, or found, by resource name (the event names of D-17). */
export type DemoCounts = Record<string, number>;
export type DemoResult = { seeded: true; counts: DemoCounts } | { seeded: false; found: DemoCounts };

type Api = ReturnType<typeof createStoreClient>;
/** What an openapi-fetch call resolves to; any answer but a success is thrown, naming the call. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}
async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined)
    throw new Error(`demo: ${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  return data;
}

/** A v2 list's first page (D-03: at most 250), and what the store holds beyond a new store's start-up data. */
const page = { params: { query: { limit: 250 } } };
async function ownData(api: Api): Promise<DemoCounts> {
  const [products, specifications, inventory, redirects, roles, zones, found] = await Promise.all([
    ok(api.GET('/api/v2/products.json', page)),
    ok(api.GET('/api/v2/specifications.json', page)),
    ok(api.GET('/api/v2/inventory.json', page)),
    ok(api.GET('/api/v2/redirects.json', page)),
    ok(api.GET('/api/v2/roles.json', page)),
    ok(api.GET('/api/v2/geozones.json', page)),
    ok(api.GET('/api/contacts/search.json', page)),
  ]);
  // Built-in roles and geozones (D-34, D-35) and the hq contact (D-12) are there in every new store.
  const counts: DemoCounts = {
    products: products.pagination.total,
    specifications: specifications.pagination.total,
    inventory: inventory.pagination.total,
    redirects: redirects.pagination.total,
    accessRoles: roles.data.filter((r) => !r.isBuiltIn).length,
    geozones: zones.data.filter((z) => !z.isBuiltIn).length,
    contacts: found.contacts.filter((c) => c.type !== 'hq').length,
  };
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}

/** Seeds the demo store at `baseUrl` as the given App client, unless the store already has data of its own. */
export async function seedDemo(options: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}): Promise<DemoResult> {
  // The typed client (client/): every path, parameter and body below is checked against the contract by tsc.
  const api = createStoreClient(options);
  const found = await ownData(api);
  if (Object.keys(found).length > 0) return { seeded: false, found };

  const counts: DemoCounts = {};
  /** Counts one created resource and returns its id (D-01: v2 answers wrap it in `data`). */
  const add = async (resource: string, call: Promise<Answer<{ data: { id: number } }>>) => {
    const { data } = await ok(call);
    counts[resource] = (counts[resource] ?? 0) + 1;
    return data.id;
  };
  const idOf = (map: Map<string, number>, key: string, what: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`demo: store.ts names ${what} "${key}", which it does not define`);
    return id;
  };

  const roles = new Map<string, number>();
  for (const r of (await ok(api.GET('/api/v2/roles.json', page))).data) roles.set(String(r.reference), r.id);
  for (const r of store.accessRoles)
    roles.set(r.reference!, await add('accessRoles', api.POST('/api/v2/roles.json', { body: { data: r } })));
  for (const z of store.geozones) await add('geozones', api.POST('/api/v2/geozones.json', { body: { data: z } }));

  // Headings, then their values in the order the products first use them (D-32, D-33).
  const headings = new Map<string, number>();
  const values = new Map<string, number>();
  for (const s of store.specifications)
    headings.set(s.title!, await add('specifications', api.POST('/api/v2/specifications.json', { body: { data: s } })));
  for (const p of store.products) {
    for (const [heading, value] of Object.entries(p.specifications)) {
      const key = `${heading}\n${value}`;
      if (values.has(key)) continue;
      const specId = idOf(headings, heading, 'the specification heading');
      const created = api.POST('/api/v2/specifications/{specId}/values.json', {
        params: { path: { specId } },
        body: { data: { value } },
      });
      values.set(key, await add('specificationValues', created));
    }
  }

  const products = new Map<string, number>();
  for (const p of store.products) {
    const data = {
      ...p.fields,
      ...(p.variantOf ? { variantOf: idOf(products, p.variantOf, 'the product') } : {}),
      ...(p.variantHeadings
        ? { variantSpecificationIds: p.variantHeadings.map((h) => idOf(headings, h, 'the specification heading')) }
        : {}),
    };
    const productId = await add('products', api.POST('/api/v2/products.json', { body: { data } }));
    products.set(p.fields.sku, productId);
    const path = { params: { path: { productId } } };
    for (const { role, ...price } of store.pricesOf(p)) {
      const accessRoleId = role === undefined ? null : idOf(roles, role, 'the access role');
      const body = { data: { ...price, accessRoleId } };
      await add('productPrices', api.POST('/api/v2/products/{productId}/prices.json', { ...path, body }));
    }
    for (const m of p.media) {
      // A photo of the demo is a path of this server's (demo/images.ts); the contract wants an absolute URL (D-46).
      const data = m.image ? { ...m, image: new URL(m.image, options.baseUrl).href } : m;
      await add('productMedia', api.POST('/api/v2/products/{productId}/media.json', { ...path, body: { data } }));
    }
    for (const d of p.downloads ?? [])
      await add(
        'productDownloads',
        api.POST('/api/v2/products/{productId}/downloads.json', { ...path, body: { data: d } }),
      );
    for (const [heading, value] of Object.entries(p.specifications)) {
      const body = {
        data: {
          specificationId: idOf(headings, heading, 'the specification heading'),
          valueId: values.get(`${heading}\n${value}`),
        },
      };
      await add('productSpecifications', api.POST('/api/products/{productId}/specifications.json', { ...path, body }));
    }
    for (const s of p.stock)
      await add('inventory', api.POST('/api/v2/inventory.json', { body: { data: { ...s, productId } } }));
  }

  for (const { product, ...r } of store.redirects) {
    const data = { ...r, ...(product ? { resourceId: idOf(products, product, 'the product') } : {}) };
    await add('redirects', api.POST('/api/v2/redirects.json', { body: { data } }));
  }
  // v1 contacts wrap their body in `contact` (D-11).
  for (const contact of store.contacts) {
    await ok(api.POST('/api/contacts.json', { body: { contact } }));
    counts.contacts = (counts.contacts ?? 0) + 1;
  }
  return { seeded: true, counts };
}

/** The title of the shipping service under which the demo registers its App (reference-app/). */
export const DEMO_APP_TITLE = 'Reference App (demo)';

/**
 * Registers the demo's shipping App (reference-app/, started by the server's command line) as a shipping service, through
 * the API (createShippingService, D-18) as the seeding client, whose secret the App holds: the service signs its
 * rate and label requests with it (D-16). It is added to a store the demo has just seeded (`add`); the App listens on a
 * new port at each start, so the service an earlier start registered (found by its title) is pointed at this start's
 * App (updateShippingService), and a store that never had one gets none. Loopback `http` URLs are accepted for Apps
 * (D-19). Answers the service's id and the id of a product to put in a cart (the first of store.ts, else the first
 * the store lists), or undefined when nothing was registered.
 */
export async function registerDemoApp(options: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  ratesUrl: string;
  labelsUrl: string;
  add: boolean;
}): Promise<{ serviceId: number; productId: number | undefined } | undefined> {
  const api = createStoreClient(options);
  const { ratesUrl, labelsUrl } = options;
  const services = (await ok(api.GET('/api/shipping/services.json', page))).shippingServices;
  const known = services.find((s) => s.title === DEMO_APP_TITLE);
  if (!known && !options.add) return undefined;
  const shippingService = { title: DEMO_APP_TITLE, isActive: true, ratesUrl, labelsUrl };
  const { id: serviceId } = known
    ? (
        await ok(
          api.PUT('/api/shipping/services/{id}.json', {
            params: { path: { id: known.id } },
            body: { shippingService },
          }),
        )
      ).shippingService
    : (await ok(api.POST('/api/shipping/services.json', { body: { shippingService } }))).shippingService;
  const sku = store.products[0]!.fields.sku;
  const found = await ok(api.GET('/api/v2/products.json', { params: { query: { 'sku:in': sku, limit: 1 } } }));
  const any = found.data.length
    ? found
    : await ok(api.GET('/api/v2/products.json', { params: { query: { limit: 1 } } }));
  return { serviceId, productId: any.data[0]?.id };
}

/** One line for the console: `18 products, 96 productPrices, …`. */
export const describeCounts = (counts: DemoCounts) =>
  Object.entries(counts)
    .map(([resource, n]) => `${n} ${resource}`)
    .join(', ');
