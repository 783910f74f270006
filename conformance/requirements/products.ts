// Products (§2.3, §3, §2.1, D-09, D-10, D-37): `status` is derived from isActive and the publish window at the
// time of the request and can never be written; unset optional fields are null; sku is unique
// case-insensitively; date-times carry an offset and any offset written reads back as the same instant.
// Basis: the status rule and the read-back of an offset are the source's (§3, §2.1); sku uniqueness,
// the `+00:00` shape, `Z` on input, defaults and ignoring (not refusing) a read-only status are decisions.
// The status of every product a get or list reads, and the unset fields of an add read back, are judgements over
// exchanges (the proxy runs them over live traffic too): memory tells what each product was written with.
import { expect, requirement } from '../lib/requirement.ts';
import {
  createdIn,
  expect422,
  expectAccepted,
  expectRefused,
  expectWritten,
  itemsIn,
  resourceIn,
} from '../lib/expectations.ts';
import { deref, isNullable, schema, sourceSection, type Json } from '../lib/contract.ts';
import { isObject } from '../lib/dialect.ts';
import { bodyWith, product, uid } from '../lib/fixtures.ts';
import { wholeUpdate } from '../lib/updates.ts';
import type { Api } from '../lib/api.ts';
import type { Judge } from '../lib/judging/judge.ts';
import { itemKey } from '../lib/judging/memory.ts';
import type { Reading } from '../lib/judging/reading.ts';
import { callOf, live, readBackGap, shown, unsetIn, whole } from './resources/judgements.ts';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
/** An ISO 8601 date-time with an offset as §2.1 has it, in any of its spellings (`Z`, a fraction): D-10's shape aside. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const STATUS_RULE =
  'isActive is true; and the publish start is null or not later than now; and the publish end is null or in the future';
const NOT_SET = 'derived from the product, not set';
const WITH_OFFSET = 'On the v2 resources they are ISO-8601 date-times with an offset';
const DAY = 24 * 3600 * 1000;
/** A v2 date-time (D-10) `ms` from now, whole seconds, UTC. */
const at = (ms: number) => `${new Date(Date.now() + ms).toISOString().slice(0, 19)}+00:00`;

const get = async (api: Api, id: number): Promise<Json> => {
  const res = await api.call('getProduct', { params: { id } });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return resourceIn(res, 'data', 'get of the product');
};
const createBody = (api: Api, fields: Json) => bodyWith(api, 'createProduct', fields);

// §3: public iff isActive, the start is null or not later than now, and the end is null or in the future.
const statusCases: { slug: string; title: string; fields: () => Json; status: 'public' | 'admin' }[] = [
  {
    slug: 'active-open',
    title: 'an active product without a publish window is public',
    fields: () => ({ isActive: true, publishStartOn: null, publishEndOn: null }),
    status: 'public',
  },
  {
    slug: 'open-window',
    title: 'an active product inside its publish window is public',
    fields: () => ({ isActive: true, publishStartOn: at(-DAY), publishEndOn: at(DAY) }),
    status: 'public',
  },
  {
    slug: 'future-start',
    title: 'an active product whose publish start is in the future is admin',
    fields: () => ({ isActive: true, publishStartOn: at(DAY) }),
    status: 'admin',
  },
  {
    slug: 'past-end',
    title: 'an active product whose publish end has passed is admin',
    fields: () => ({ isActive: true, publishEndOn: at(-DAY) }),
    status: 'admin',
  },
  {
    slug: 'inactive',
    title: 'an inactive product is admin, even inside an open window',
    fields: () => ({ isActive: false, publishStartOn: at(-DAY), publishEndOn: at(DAY) }),
    status: 'admin',
  },
];
type Status = 'public' | 'admin';
const other = (s: Status): Status => (s === 'public' ? 'admin' : 'public');

/** How far the target's clock may be from ours when it derives a status at a publish window's edge (§3). */
const EDGE_SLACK_MS = 1000;
/** An edge this soon after a product's last write is one its reads are there to see pass (`at-request-time`). */
const SOON_MS = 60_000;
/** §3's rule: a product's status at `now`. */
const statusAt = (p: Json, now: number) =>
  p.isActive === true &&
  (p.publishStartOn === null || Date.parse(p.publishStartOn) <= now) &&
  (p.publishEndOn === null || Date.parse(p.publishEndOn) > now)
    ? 'public'
    : 'admin';
/** The case of §3's rule a product is in at `now` (`statusCases`). */
function statusCase(p: Json, now: number): string {
  if (p.isActive !== true) return 'inactive';
  if (p.publishStartOn !== null && Date.parse(p.publishStartOn) > now) return 'future-start';
  if (p.publishEndOn !== null && Date.parse(p.publishEndOn) <= now) return 'past-end';
  return p.publishStartOn !== null || p.publishEndOn !== null ? 'open-window' : 'active-open';
}
/** A product a get or a list reads, the cases it is judged under, and how it breaks §3's rule, if it does. */
interface ProductRead {
  cases: string[];
  gap?: string;
}
/**
 * The products a get or a list of products reads: each one it answers, and each one memory holds that it should have
 * answered (a get of a product that exists; a whole list naming one in `id:in` whose status matches its filter). Its
 * status is the one §3's rule gives at some time between the request and its answer (the target's clock read it then;
 * near an edge, either value), within the status filter that listed it. A window edge that passed since its last write
 * (or that write set within a minute) makes it `at-request-time`'s, no longer a case of its own.
 */
function productReads(r: Reading): ProductRead[] {
  const c = callOf(r);
  if (c?.create !== 'createProduct' || (c.kind !== 'get' && c.kind !== 'list')) return [];
  const before = (p: Json) => statusAt(p, r.x.started - EDGE_SLACK_MS);
  const after = (p: Json) => statusAt(p, r.x.ended + EDGE_SLACK_MS);
  const filter = r.query.find(([k]) => k === 'status')?.[1];
  const casesOf = (p: Json): string[] => {
    const last = r.memory.items.get(itemKey('createProduct', {}, p.id))?.last;
    const edges = [p.publishStartOn, p.publishEndOn].filter((e) => typeof e === 'string').map((e) => Date.parse(e));
    const since = last ? edges.filter((e) => e > last.at) : [];
    if (since.some((e) => e <= r.x.ended + EDGE_SLACK_MS)) return ['at-request-time'];
    return [statusCase(p, r.x.started), ...(since.some((e) => e - last!.at <= SOON_MS) ? ['at-request-time'] : [])];
  };
  // A product answered without its status or isActive breaks the document, not §3's rule: not judged here. A window
  // bound left out reads as unset (null, §2.1): that it is left out is the breach of `getProduct.all-properties`.
  const readable = (p: Json) => isObject(p) && typeof p.status === 'string' && 'isActive' in p;
  const ruled = (p: Json) => ({ ...p, publishStartOn: p.publishStartOn ?? null, publishEndOn: p.publishEndOn ?? null });
  const answered = (read: Json): ProductRead => {
    const p = ruled(read);
    const rule = `(isActive ${p.isActive}, publish window ${p.publishStartOn} to ${p.publishEndOn})`;
    const gap =
      p.status !== before(p) && p.status !== after(p)
        ? `product ${p.id} is ${p.status}, expected ${before(p)} ${rule}`
        : filter !== undefined && before(p) !== filter && after(p) !== filter
          ? `product ${p.id} is listed under status=${filter}, but is ${before(p)} ${rule}`
          : undefined;
    return { cases: casesOf(p), ...(gap ? { gap } : {}) };
  };
  const known = (id: string) => {
    const it = r.memory.items.get(itemKey('createProduct', {}, id));
    return it && live({ item: it }, r) && readable(it.last?.resource) ? ruled(it.last!.resource) : undefined;
  };
  if (c.kind === 'get') {
    if (r.x.status === 200 && readable(c.resource)) return [answered(c.resource)];
    // A product that exists answers its get (`live`): a get that does not is judged under the case memory holds.
    const p = c.id === undefined ? undefined : known(c.id);
    const gap = p && readBackGap(c, r, 'the product');
    return p && gap ? [{ cases: casesOf(p), gap }] : [];
  }
  if (r.x.status !== 200 || !Array.isArray(r.body?.data)) return [];
  const listed: Json[] = r.body.data.filter(readable);
  const names = whole(r, ['status']) ? (r.query.find(([k]) => k === 'id:in')?.[1] ?? '').split(',') : [];
  const unlisted = names
    .filter((id) => !r.body.data.some((x: Json) => String(x?.id) === id.trim()))
    .map((id) => known(id.trim()))
    .filter(
      (p): p is Json => p !== undefined && before(p) === after(p) && (filter === undefined || before(p) === filter),
    )
    .map((p) => ({ cases: casesOf(p), gap: `product ${p.id}, ${before(p)}, is not listed by a query naming it` }));
  return [...listed.map(answered), ...unlisted];
}
/** §3: the products of one case that a get or a list reads each have the status the rule gives them. */
const statusJudge = (slug: string): Judge => ({
  reads: `a get or a list of products reading one ${slug === 'at-request-time' ? 'whose publish window has an edge after its last write' : `in the case ${slug}`}`,
  on: (r) => productReads(r).some((p) => p.cases.includes(slug)),
  gap: (r) =>
    productReads(r)
      .filter((p) => p.cases.includes(slug))
      .find((p) => p.gap !== undefined)?.gap,
});

for (const c of statusCases) {
  requirement(`getProduct.status.${c.slug}`, '§3 §2.3', { quote: STATUS_RULE, judge: statusJudge(c.slug) }).test(
    `${c.title} (on get, list and the status filter)`,
    async ({ api }) => {
      // As a get and a list return it (§2.3): what an add answers is D-01's (createX.lifecycle.status).
      const p = await product(api, c.fields());
      await api.call('getProduct', { params: { id: p.id } });
      for (const status of [undefined, c.status, other(c.status)] as (Status | undefined)[]) {
        const query = { 'id:in': p.id, ...(status ? { status } : {}) };
        // The act knows its queries are valid: each must succeed (a refusal is no exchange to judge).
        expectAccepted(await api.call('listProducts', { query }), `listProducts ${JSON.stringify(query)}`);
      }
    },
  );
}
requirement('getProduct.status.at-request-time', '§3', {
  quote: STATUS_RULE,
  judge: statusJudge('at-request-time'),
}).test(
  'status is derived at the time of the request: it flips when a publish start or end passes, with no write',
  async ({ api }) => {
    // Whole-second date-times (D-10): the edge is 2–3 s away. Polled with a deadline, not slept: each read is judged.
    const starting = await product(api, { publishStartOn: at(2500) });
    const ending = await product(api, { publishEndOn: at(2500) });
    const statuses = async () =>
      Promise.all(
        [starting, ending].map(
          async (p) => (await api.call('getProduct', { params: { id: p.id } })).body?.data?.status,
        ),
      );
    const deadline = Date.now() + 8000;
    let now = await statuses();
    while (Date.now() < deadline && !(now[0] === 'public' && now[1] === 'admin')) {
      await new Promise((r) => setTimeout(r, 250));
      now = await statuses();
    }
    const query = { 'id:in': `${starting.id},${ending.id}`, status: 'public' as const };
    // The act knows its query is valid: it must succeed (a refusal is no exchange to judge).
    expectAccepted(await api.call('listProducts', { query }), `listProducts ${JSON.stringify(query)}`);
  },
);
requirement('getProduct.publish-window-shape', '§2.1 D-10').test(
  'returns createdOn, modifiedOn and the publish window as date-times YYYY-MM-DDTHH:MM:SS±hh:mm',
  async ({ api }) => {
    const p = await get(api, (await product(api, { publishStartOn: at(-DAY), publishEndOn: at(DAY) })).id);
    for (const k of ['createdOn', 'modifiedOn', 'publishStartOn', 'publishEndOn']) expect(p[k], k).toMatch(DATE_TIME);
    expect(Math.abs(Date.parse(p.createdOn) - Date.now())).toBeLessThan(DAY);
  },
);

requirement('updateProduct.status-follows', '§3', { quote: STATUS_RULE }).test(
  'changing isActive or the publish window through update flips status',
  async ({ api }) => {
    const p = await product(api, { isActive: true });
    expect((await get(api, p.id)).status).toBe('public');
    const steps: [Json, string][] = [
      [{ isActive: false }, 'admin'],
      [{ isActive: true }, 'public'],
      [{ publishStartOn: at(DAY) }, 'admin'],
      [{ publishStartOn: null }, 'public'],
      [{ publishEndOn: at(-DAY) }, 'admin'],
      [{ publishEndOn: null }, 'public'],
    ];
    for (const [data, status] of steps) {
      // The product as read with the change: partial or replacing, an update means the same (lib/updates.ts).
      expectAccepted(
        await api.call('updateProduct', {
          params: { id: p.id },
          body: await wholeUpdate(api, 'updateProduct', { id: p.id }, data),
        }),
        `update ${JSON.stringify(data)}`,
      );
      expect((await get(api, p.id)).status, JSON.stringify(data)).toBe(status);
    }
  },
);
requirement('updateProduct.status-read-only', '§3', { quote: NOT_SET }).test(
  'a status sent in an update body never sets it: the product stays as it was',
  async ({ api }) => {
    // §3: "derived from the product, not set". Ignoring the field (D-09) or refusing it both keep the rule.
    const p = await product(api, { isActive: false });
    // As a get reads it before and after: what an add answers is D-01's.
    const { modifiedOn: __, ...before } = await get(api, p.id);
    const res = await api.call('updateProduct', {
      params: { id: p.id },
      body: await wholeUpdate(api, 'updateProduct', { id: p.id }, { status: 'public' }),
    });
    if (res.status >= 300) expectRefused(res, 'a status sent in an update');
    const { modifiedOn: _, ...after } = await get(api, p.id);
    expect(after).toEqual(before);
  },
);
requirement('updateProduct.sku-unique', 'D-37').test(
  "refuses changing a sku to another product's sku in any case with 422 error.unique",
  async ({ api }) => {
    const a = await product(api);
    const b = await product(api);
    expect422(await api.call('updateProduct', { params: { id: b.id }, body: { data: { sku: a.sku.toLowerCase() } } }), [
      { name: 'data.sku' },
      { ref: 'error.unique' },
    ]);
    // Its own sku in another case is no clash.
    const own = await api.call('updateProduct', {
      params: { id: b.id },
      body: { data: { sku: b.sku.toLowerCase() } },
    });
    expect(own.status).toBe(200);
    expect(own.body?.data?.sku).toBe(b.sku.toLowerCase());
  },
);
requirement('updateProduct.other-offset', '§2.1', { quote: WITH_OFFSET }).test(
  'a date-time written with another offset on update reads back as the same instant',
  async ({ api }) => {
    const p = await product(api);
    expectAccepted(
      await api.call('updateProduct', {
        params: { id: p.id },
        body: await wholeUpdate(api, 'updateProduct', { id: p.id }, { publishEndOn: '2031-03-04T01:30:00-05:00' }),
      }),
    );
    const got = await get(api, p.id);
    expect(got.publishEndOn).toMatch(ISO_DATE_TIME);
    expect(Date.parse(got.publishEndOn)).toBe(Date.parse('2031-03-04T06:30:00Z'));
  },
);

requirement('createProduct.status-read-only', '§3', { quote: NOT_SET })
  .test(
    'a status sent in an add body never sets it: the product added (if any) has the status derived from it',
    async ({ api }) => {
      // §3: "derived from the product, not set". Ignoring the field (D-09) or refusing the add both keep the rule.
      for (const [fields, derivedStatus] of [
        [{ status: 'admin', isActive: true }, 'public'],
        [{ status: 'public', isActive: false }, 'admin'],
      ] as const) {
        const body = createBody(api, fields);
        const res = await api.call('createProduct', { body });
        if (res.status >= 300) {
          expectRefused(res, 'an add with a status');
          const listed = await api.call('listProducts', { query: { 'sku:in': body.data.sku } });
          expect(itemsIn(listed, 'the product list'), 'a refused add stores nothing').toEqual([]);
          continue;
        }
        expectAccepted(res);
        const id = resourceIn(res, 'data', 'the add of a product').id;
        expect((await get(api, id)).status, JSON.stringify(fields)).toBe(derivedStatus);
      }
    },
  )
  .twin('accepted', 'D-09')
  .test('an add whose body carries a status (a read-only field) is accepted, the status ignored', async ({ api }) => {
    const active = await api.call('createProduct', { body: createBody(api, { status: 'admin', isActive: true }) });
    expectAccepted(active, 'an add with a read-only status');
    expect(active.body?.data?.status).toBe('public');
    const inactive = await api.call('createProduct', { body: createBody(api, { status: 'public', isActive: false }) });
    expectAccepted(inactive, 'an add with a read-only status');
    expect(inactive.body?.data?.status).toBe('admin');
  });
requirement('createProduct.date-time-input', '§2.1 D-10').test(
  'accepts date-times written with Z and with fractional seconds, and reads them back as the same instant in the +00:00 shape',
  async ({ api }) => {
    // §2.1 "ISO-8601 with an offset": `Z` is the zero offset, and a fraction of a second is valid ISO 8601 (RFC 3339).
    const p = await get(
      api,
      (await product(api, { publishStartOn: '2030-06-01T10:00:00Z', publishEndOn: '2031-01-02T03:04:05.250Z' })).id,
    );
    expect(p.publishStartOn).toMatch(DATE_TIME);
    expect(Date.parse(p.publishStartOn)).toBe(Date.parse('2030-06-01T10:00:00Z'));
    expect(p.publishEndOn).toMatch(DATE_TIME);
    expect(Math.floor(Date.parse(p.publishEndOn) / 1000)).toBe(
      Math.floor(Date.parse('2031-01-02T03:04:05.250Z') / 1000),
    );
    const upd = await api.call('updateProduct', {
      params: { id: p.id },
      body: { data: { publishStartOn: '2030-07-01T00:00:00.000Z' } },
    });
    expect(upd.status, upd.text.slice(0, 300)).toBe(200);
    expect(Date.parse((await get(api, p.id)).publishStartOn)).toBe(Date.parse('2030-07-01T00:00:00Z'));
  },
);
// Every writable field that is nullable and has no non-null default (variantOf, manufacturerId, bandId,
// publishStartOn, publishEndOn, …): unset, it must read back null, not missing and not an empty value.
export const nullable = Object.entries(schema('ProductInput').properties as Record<string, Json>)
  .filter(([, s]) => !deref(s).readOnly && (deref(s).default ?? null) === null && isNullable(s))
  .map(([k]) => k);
/**
 * §2.3's table (Product, as returned): each field, and whether §2.3 types it "… or null" (`null or value` for the
 * discontinued ones). Only those may a `source` requirement require to be null when unset (§2.1); a field §2.3 types
 * as a plain string or number may come back "" or 0 from a faithful target: that it is null too is D-50's.
 */
const section23 = sourceSection('2.3');
const sourceFields = new Map<string, boolean>(
  section23
    .split('\n')
    .filter((l) => l.startsWith('| ') && !/^\| (Field|---)/.test(l))
    .flatMap((l) => {
      const [names = '', type = ''] = l.split(' | ').map((c) => c.replace(/^\| | \|$/g, ''));
      const orNull = /\bor null\b|^null or\b/.test(type);
      return names.split(', ').map((n): [string, boolean] => [n.trim(), orNull]);
    }),
);
/** The writable nullable fields left unset below that §2.3 types "or null". */
export const sourceNullable = nullable.filter((k) => sourceFields.get(k) === true);
if (
  !['variantOf', 'manufacturerId', 'bandId', 'publishStartOn', 'publishEndOn'].every((k) => sourceNullable.includes(k))
)
  throw new Error(`products.ts: §2.3's "or null" fields read from the source lack some: ${sourceNullable.join(', ')}`);
/** §2.1, verbatim. */
const UNSET_NULL = 'Unset optional values are returned as `null`.';
/** A product added from the document's example without its nullable optional fields, then read back. */
async function addedWithoutNullables(api: Api): Promise<void> {
  const data = { ...createBody(api, {}).data };
  for (const k of nullable) delete data[k];
  const res = await api.call('createProduct', { body: { data } });
  await api.call('getProduct', {
    params: { id: createdIn(res, 'data', 'an add without the optional nullable fields').id },
  });
}
/**
 * An add of a product that leaves some nullable fields unset, or a get reading one back with no write between: the
 * call, and those fields (`unsetIn`).
 */
function unsetProduct(r: Reading) {
  const c = callOf(r);
  const unset = c?.create === 'createProduct' ? unsetIn(c, r) : undefined;
  return c && unset?.length ? { c, unset } : undefined;
}
/**
 * §2.1, §2.3: such an answer holds every field of §2.3, those §2.3 types "or null" null where unset (`others`: the
 * rest of the unset nullable fields null too, D-50).
 */
const nulls = (others: boolean): Judge => ({
  reads: 'an add of a product leaving nullable fields unset, or a get reading one back',
  on: (r) => unsetProduct(r) !== undefined,
  gap: (r) => {
    const { c, unset } = unsetProduct(r)!;
    const gap = c.kind === 'get' ? readBackGap(c, r, 'the product') : undefined;
    if (gap) return gap;
    const p = c.resource;
    if (others) {
      const wrong = unset.filter((k) => nullable.includes(k) && !sourceNullable.includes(k) && p[k] !== null);
      return wrong.length ? `unset fields are not null: ${shown(p, wrong)}` : undefined;
    }
    const lacking = [...sourceFields.keys()].filter((k) => !(k in p));
    if (lacking.length) return `missing §2.3's ${lacking.join(', ')}`;
    const wrong = unset.filter((k) => sourceNullable.includes(k) && p[k] !== null);
    return wrong.length ? `unset fields §2.3 types "or null" are not null: ${shown(p, wrong)}` : undefined;
  },
});
requirement('createProduct.nulls', '§2.1 §2.3', { quote: UNSET_NULL, judge: nulls(false) })
  .test(
    `a product added without its optional nullable fields returns every §2.3 property, those §2.3 types "or null" (${sourceNullable.join(', ')}) null`,
    async ({ api }) => {
      await addedWithoutNullables(api);
    },
  )
  // The rest of the unset optional fields: §2.3 types them as a plain string or number, so "" or 0 would do for the
  // source; null is D-50's ("a product's other optional fields … are null until set").
  .twin('others', '§2.1 D-50', { judge: nulls(true) })
  .test(
    `a product added without its optional nullable fields returns the others (${nullable.filter((k) => !sourceNullable.includes(k)).join(', ')}) null too, not "" or 0`,
    async ({ api }) => {
      await addedWithoutNullables(api);
    },
  );
requirement('createProduct.defaults', 'D-39 D-50 D-61').test(
  'a product added with only title and sku returns every property, its unset optional values null, and is active and public',
  async ({ api }) => {
    const res = await api.call('createProduct', {
      body: { data: { title: uid('Tea'), sku: uid('SKU').toUpperCase() } },
    });
    expectWritten(res, 'add');
    const p = await get(api, createdIn(res, 'data', 'the add of a product').id);
    for (const k of schema('Product').required as string[]) expect(p, `property ${k}`).toHaveProperty(k);
    for (const k of nullable) expect(p[k], k).toBeNull();
    expect(p.variantSpecificationIds).toEqual([]);
    expect(p.isActive).toBe(true);
    expect(p.status).toBe('public'); // D-50: isActive defaults to true, and no window is set
  },
);
requirement('createProduct.sku-unique', '§4.4 D-37').test(
  'refuses a second product with the same sku in lower case with 422 error.unique naming sku',
  async ({ api }) => {
    const sku = uid('SKU').toUpperCase();
    await product(api, { sku });
    expect422(await api.call('createProduct', { body: createBody(api, { sku: sku.toLowerCase() }) }), [
      { name: 'data.sku' },
      { ref: 'error.unique' },
    ]);
    expect422(await api.call('createProduct', { body: createBody(api, { sku }) }), [
      { name: 'data.sku' },
      { ref: 'error.unique' },
    ]);
    const listed = await api.call('listProducts', { query: { 'sku:in': sku } });
    expect(listed.body?.data).toHaveLength(1);
  },
);
requirement('createProduct.other-offset', '§2.1', { quote: WITH_OFFSET }).test(
  'a date-time written with another offset (+02:00) reads back as the same instant, with an offset',
  async ({ api }) => {
    const p = await get(api, (await product(api, { publishStartOn: '2030-06-01T12:00:00+02:00' })).id);
    expect(p.publishStartOn).toMatch(ISO_DATE_TIME);
    expect(Date.parse(p.publishStartOn)).toBe(Date.parse('2030-06-01T10:00:00Z'));
  },
);
requirement('createProduct.utc', 'D-10', { level: 'SHOULD' }).test(
  'writes date-times in UTC (+00:00)',
  async ({ api }) => {
    const p = await get(api, (await product(api, { publishStartOn: '2030-06-01T12:00:00+02:00' })).id);
    expect(p.publishStartOn).toBe('2030-06-01T10:00:00+00:00');
    expect(p.createdOn).toMatch(/\+00:00$/);
  },
);
