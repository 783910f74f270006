// Pagination (§2.1, §8, D-03) for EVERY list operation of the document: `page`/`limit` ranges (422 naming the
// parameter), the default and maximum page size, a page past the end; and, for every list whose items a test can
// isolate (a parent of its own, or a filter on its own values), a full walk with limit=2 following `links.next`
// literally: every item exactly once in id order, right totals, links that keep the filters and the limit.
// Basis: the ranges, the default and maximum page size, the page past the end and the id order are
// D-03's (`decision`); the form of the links (paths whose query names `page` and `limit`) rests on those parameters,
// a platform fact (`platform`, `.walk`); what holds whatever page size the target chose — the first page's totals
// and links — is the source's (§2.1, §8), and so is what the links of a walk lead to (`.links`): §2.1 calls `self`
// the "URL of the current search" and `next`/`previous` the URL of the next/previous page, so following them
// gives that search's pages, its filters kept.
import { expect, requirement } from '../lib/requirement.ts';
import { deref, operations, type Json, type Operation } from '../lib/contract.ts';
import { expect422, itemsIn } from '../lib/expectations.ts';
import { makeItem, paramsFor, uid } from '../lib/fixtures.ts';
import {
  createOf,
  follow,
  itemSchema,
  kindOf,
  propertiesOf,
  quoteList,
  resolveLink,
  writableFields,
} from '../lib/lists.ts';
import type { Api, ApiResponse } from '../lib/api.ts';
import { config } from '../lib/config.ts';

type Obj = Record<string, Json>;
const paginated = operations.filter(
  (o) =>
    o.method === 'GET' && ['page', 'limit'].every((n) => o.parameters.some((p) => p.name === n && p.in === 'query')),
);
const schemaOf = (o: Operation) => deref(deref(o.responses['200']).content['application/json'].schema);
const isEnvelope = (o: Operation) => 'pagination' in propertiesOf(schemaOf(o));
/** Where a list answer holds its items: `data` in the list envelope, else the wrapper (`contacts`, D-11; `shippingServices`, D-18). */
const listKey = (o: Operation): string =>
  Object.entries(propertiesOf(schemaOf(o))).find(([, s]) => deref(s).type === 'array' || 'items' in deref(s))![0];
/** The items of a list answer, where the operation holds them: a failure, not a TypeError, when it holds none. */
const itemsOf = (o: Operation, res: ApiResponse, what = o.operationId): Json[] => itemsIn(res, what, listKey(o));
/**
 * The parts of the list envelope (§2.1) of a page, checked first: an answer without them fails rather than breaks
 * the suite; its items are resources (`itemsIn`).
 */
function envelopeOf(res: ApiResponse, what: string): { pagination: Obj; links: Obj; data: Obj[] } {
  expect(res.body, `${what}: the list envelope`).toMatchObject({
    pagination: expect.any(Object),
    links: expect.any(Object),
  });
  return { pagination: res.body.pagination, links: res.body.links, data: itemsIn(res, what) };
}
const param = (o: Operation, name: string) => deref(o.parameters.find((p) => p.name === name)!.schema);

/** The target's names for the page and its size (lib/dialect.ts; D-03's `page` and `limit` unless stated). */
const named = config.dialect.dialect.pageParams;

/** How a walk isolates the test's items: a string list filter on a field it writes, else `id:in`, else only the parent. */
function isolation(list: Operation): { param: string; field: string } | undefined {
  const create = createOf(list)!;
  const writable = writableFields(create);
  const fields = propertiesOf(itemSchema(list));
  const ins = list.parameters.filter((p) => p['x-filter']?.op === 'in');
  const str = ins.find((p) => p['x-filter']!.field in writable && kindOf(fields[p['x-filter']!.field]) === 'string');
  const ids = ins.find((p) => p['x-filter']!.field === 'id');
  const chosen = str ?? ids;
  return chosen && { param: chosen.name, field: chosen['x-filter']!.field };
}
const walkable = paginated.filter((o) => isEnvelope(o) && createOf(o) && (/\{\w+\}/.test(o.path) || isolation(o)));

for (const o of paginated) {
  const limit = param(o, 'limit');
  const page = param(o, 'page');
  requirement(`${o.operationId}.pagination.limit-range`, 'D-03 D-02').test(
    `rejects limit=${limit.minimum - 1}, limit=${limit.maximum + 1} and limit=abc with 422 naming limit`,
    async ({ api }) => {
      const params = await paramsFor(api, o.operationId);
      for (const value of [limit.minimum - 1, limit.maximum + 1, 'abc']) {
        expect422(
          await api.untyped(o.operationId, { params, query: { limit: value } }),
          { name: named.limit },
          `limit=${value}`,
        );
      }
    },
  );
  requirement(`${o.operationId}.pagination.page-range`, 'D-03 D-02').test(
    'rejects page=0, page=-1 and page=abc with 422 naming page',
    async ({ api }) => {
      const params = await paramsFor(api, o.operationId);
      for (const value of [page.minimum - 1, -1, 'abc']) {
        expect422(
          await api.untyped(o.operationId, { params, query: { page: value } }),
          { name: named.page },
          `page=${value}`,
        );
      }
    },
  );
  requirement(`${o.operationId}.pagination.max-limit`, 'D-03').test(
    `accepts limit=${limit.maximum}`,
    async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId),
        query: { limit: limit.maximum },
      });
      expect(res.status).toBe(200);
      expect(itemsOf(o, res).length).toBeLessThanOrEqual(limit.maximum);
      if (isEnvelope(o)) expect(res.body?.pagination?.limit).toBe(limit.maximum);
    },
  );
  requirement(`${o.operationId}.pagination.past-end`, 'D-03 §7').test(
    'a page past the end answers 200 with no items',
    async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId),
        query: { page: 1_000_000, limit: limit.maximum },
      });
      expect(res.status).toBe(200);
      expect(itemsOf(o, res)).toEqual([]);
      if (isEnvelope(o)) {
        expect(res.body?.pagination?.page).toBe(1_000_000);
        expect(res.body?.links?.next, 'next is null past the last page').toBeNull();
      }
    },
  );
  if (isEnvelope(o)) {
    // §2.1/§8 say what a page carries, whatever its size: this much gates under the source profile.
    requirement(`${o.operationId}.pagination.first-page`, '§2.1 §8', {
      quote: 'Pagination: responses carry `limit`, `page`, `total` and `totalPages`',
    }).test(
      'a search without paging parameters answers its first page: page 1, as many items as the limit allows, totalPages = ceil(total / limit), no previous page, a next page only when there are more',
      async ({ api }) => {
        const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId) });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        const { pagination: p, links, data } = envelopeOf(res, 'the first page');
        expect(p.page).toBe(1);
        expect(Number.isInteger(p.limit) && p.limit > 0, `limit ${p.limit}`).toBe(true);
        if (p.total > 0) expect(p.totalPages).toBe(Math.ceil(p.total / p.limit));
        expect(data.length).toBe(Math.min(p.total, p.limit));
        expect(links.previous).toBeNull();
        if (p.total <= p.limit) expect(links.next).toBeNull();
        else expect(typeof links.next).toBe('string');
      },
    );
    requirement(`${o.operationId}.pagination.default-limit`, 'D-03 §8').test(
      `without page and limit answers page 1 of ${limit.default} items, with totalPages = ceil(total / limit)`,
      async ({ api }) => {
        const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId) });
        expect(res.status).toBe(200);
        const { pagination: p, links, data } = envelopeOf(res, 'the first page');
        expect(p.limit).toBe(limit.default);
        expect(p.limit).toBe(100); // §8 shows 100; D-03 makes it the default
        expect(p.page).toBe(1);
        expect(p.totalPages).toBe(Math.ceil(p.total / p.limit));
        expect(data.length).toBe(Math.min(p.total, p.limit));
        expect(links.previous).toBeNull();
        if (p.totalPages <= 1) expect(links.next).toBeNull();
        else expect(typeof links.next).toBe('string');
      },
    );
  }
}

/** §2.1's links, verbatim: what each leads to, whatever its form. */
const LINKS =
  '`self` (URL of the current search), `previous` (URL of the previous page or null), `next` (URL of the next page or null)';

for (const o of walkable) {
  const iso = isolation(o);
  requirement(`${o.operationId}.pagination.links`, '§2.1', { quote: LINKS }).test(
    `in a search${iso ? ` filtered by ${iso.param}` : ''} in pages of 2, self leads to the page itself, next and previous to the pages after and before it (null at the ends), each with its pagination; every item on exactly one page`,
    async ({ api }) => {
      await followLinks(api, o, iso);
    },
  );
  requirement(`${o.operationId}.pagination.walk`, 'D-03 §2.1 §8', { platform: true })
    .test(
      `walking pages of 2${iso ? ` filtered by ${iso.param}` : ''} through links.next yields every item exactly once; totals and links right`,
      async ({ api }) => {
        const { items, pages } = await walk(api, o, iso);
        expect(
          pages.flatMap((p) => p.ids).sort((a, b) => a - b),
          'every item exactly once',
        ).toEqual(items.map((it) => it.id).sort((a, b) => a - b));
      },
    )
    .twin('order', 'D-03')
    .test(
      `the pages of a walk${iso ? ` filtered by ${iso.param}` : ''} list the items in id order, ascending; the page after the last is empty`,
      async ({ api }) => {
        const { items, pages, past, expectedPast } = await walk(api, o, iso);
        expect(
          pages.flatMap((p) => p.ids),
          'every item exactly once, in id order',
        ).toEqual(items.map((it) => it.id).sort((a, b) => a - b));
        const after = await past();
        expect(after.status).toBe(200);
        expect(after.body?.data, 'the page after the last').toEqual([]);
        expect(after.body?.pagination).toEqual(expectedPast);
        expect(after.body?.links?.next).toBeNull();
      },
    );
}

/**
 * Makes 7 items that only this test's search finds and walks them in pages of 2 through `links.next`, checking
 * each page's pagination and links on the way; returns the items and the ids of each page, in the order given.
 */
async function walk(
  api: Api,
  o: Operation,
  iso: { param: string; field: string } | undefined,
): Promise<{
  items: Obj[];
  pages: { ids: number[]; links: Obj }[];
  past: () => Promise<ApiResponse>;
  expectedPast: Obj;
}> {
  const N = 7;
  const size = 2;
  const totalPages = Math.ceil(N / size);
  const params = await paramsFor(api, o.operationId);
  const tag = uid('P').toUpperCase();
  const items: Obj[] = [];
  for (let i = 0; i < N; i++) {
    // One value holds a comma, so the links must carry a quoted value intact (§4.4).
    const fields = iso && iso.field !== 'id' ? { [iso.field]: i === 3 ? `${tag}-${i},Q` : `${tag}-${i}` } : {};
    items.push(await makeItem(api, o, params, fields));
  }
  const filter: Obj = iso ? { [iso.param]: quoteList(items.map((it) => it[iso.field])) } : {};
  const path = new URL(api.url(o.operationId, params)).pathname;
  const expectLink = (link: Json, p: number, what: string) => {
    expect(typeof link, `${what} link`).toBe('string');
    expect(URL.canParse(resolveLink(link)), `${what} link ${link}: a URL`).toBe(true);
    const url = new URL(resolveLink(link));
    expect(url.pathname, `${what} link ${link}: path`).toBe(path);
    expect(url.searchParams.get(named.limit), `${what} link ${link}: ${named.limit}`).toBe(String(size));
    expect(url.searchParams.get(named.page) ?? '1', `${what} link ${link}: ${named.page}`).toBe(String(p));
    for (const [k, v] of Object.entries(filter)) expect(url.searchParams.get(k), `${what} link ${link}: ${k}`).toBe(v);
  };

  const pages: { ids: number[]; links: Obj }[] = [];
  let res = await api.untyped(o.operationId, { params, query: { ...filter, limit: size } });
  for (let p = 1; p <= totalPages + 1; p++) {
    expect(res.status, `page ${p}`).toBe(200);
    const { pagination, links, data } = envelopeOf(res, `page ${p}`);
    expect(pagination, `pagination of page ${p}`).toEqual({ page: p, limit: size, total: N, totalPages });
    expect(data.length, `items on page ${p}`).toBe(p < totalPages ? size : N - size * (totalPages - 1));
    expectLink(links.self, p, `page ${p} self`);
    if (p === 1) expect(links.previous, 'previous on page 1').toBeNull();
    else expectLink(links.previous, p - 1, `page ${p} previous`);
    if (p === totalPages) expect(links.next, 'next on the last page').toBeNull();
    else expectLink(links.next, p + 1, `page ${p} next`);
    pages.push({ ids: data.map((d: Obj) => d.id), links });
    if (!links.next) break;
    res = await follow(api, o, links.next);
  }
  expect(pages.length, 'pages walked').toBe(totalPages);
  const walked = new Set(pages.flatMap((p) => p.ids));
  expect(walked.size, 'no item twice').toBe(pages.flatMap((p) => p.ids).length);

  const back = await follow(api, o, pages.at(-1)!.links.previous);
  expect(
    itemsIn(back, 'links.previous of the last page').map((d: Obj) => d.id),
    'links.previous of the last page',
  ).toEqual(pages.at(-2)!.ids);
  // The page after the last (D-03: 200 with no items), for the decision requirement to check.
  const past = () => api.untyped(o.operationId, { params, query: { ...filter, limit: size, page: totalPages + 1 } });
  return { items, pages, past, expectedPast: { page: totalPages + 1, limit: size, total: N, totalPages } };
}

/**
 * Makes 8 items that only this test's search finds and reads the search in pages of 2 by its links alone, checking
 * on each page what §2.1 says of them: `pagination` (current page number, results per page, total results, total
 * pages), `self` answering the page itself, `previous` the page before it (null on the first), `next` the page after
 * it (null on the last), and every item of each page one of the search's (a link that drops the filters leads
 * elsewhere). The links' form (a path, an absolute URL, which parameters) is not looked at. The page size is asked
 * for with our `limit` (D-03; the dialect's `pageParams`): a target that answers pages of another size, with no
 * `pageParams` stated, makes the requirement not applicable under the source profile.
 */
async function followLinks(api: Api, o: Operation, iso: { param: string; field: string } | undefined): Promise<void> {
  // A multiple of the page size, so that the total pages are total / size exactly (the walk's 7 leave a last page
  // of one item).
  const N = 8;
  const size = 2;
  const totalPages = Math.ceil(N / size);
  const params = await paramsFor(api, o.operationId);
  const tag = uid('L').toUpperCase();
  const items: Obj[] = [];
  // Values without commas: how a comma is written in an `:in` value is §4.4's for `sku:in` only (D-62 elsewhere).
  for (let i = 0; i < N; i++)
    items.push(await makeItem(api, o, params, iso && iso.field !== 'id' ? { [iso.field]: `${tag}-${i}` } : {}));
  const filter: Obj = iso ? { [iso.param]: quoteList(items.map((it) => it[iso.field])) } : {};
  const ours = new Set(items.map((it) => it.id as number));
  const idsOf = (res: ApiResponse, what: string) => itemsIn(res, what).map((x: Obj) => x.id as number);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  let res = await api.untyped(o.operationId, { params, query: { ...filter, limit: size } });
  expect(res.status, `the first page: ${res.text.slice(0, 300)}`).toBe(200);
  const taken = res.body?.pagination?.limit;
  // Pages of another size than asked: our page parameters (D-03's names, unless stated) were not the target's.
  if (!config.dialect.stated.has('pageParams') && taken !== size)
    api.unmet.push({
      under: 'source',
      key: 'pageParams',
      reason: `needs D-03: ${o.operationId} answered pages of ${JSON.stringify(taken)} to our ${named.limit}=${size}; state the target's names in the dialect as pageParams`,
    });
  const pages: number[][] = [];
  for (let p = 1; ; p++) {
    const what = `page ${p}`;
    expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(200);
    const { pagination, links } = envelopeOf(res, what);
    expect(pagination, `pagination of ${what}`).toMatchObject({ page: p, limit: size, total: N, totalPages });
    const here = idsOf(res, what);
    expect(here.length, `items on ${what}`).toBe(p < totalPages ? size : N - size * (totalPages - 1));
    for (const id of here) expect(ours.has(id), `${what} holds item ${id}, which the search does not match`).toBe(true);
    expect(typeof links.self, `${what}: self`).toBe('string');
    const self = await follow(api, o, links.self, false);
    expect(self.status, `${what}: self ${links.self}`).toBe(200);
    expect(sorted(idsOf(self, `${what}: self`)), `${what}: self ${links.self}`).toEqual(sorted(here));
    expect(self.body?.pagination, `${what}: self ${links.self}`).toMatchObject({ page: p, total: N });
    if (p === 1) expect(links.previous, 'previous on the first page').toBeNull();
    else {
      expect(typeof links.previous, `${what}: previous`).toBe('string');
      const previous = await follow(api, o, links.previous, false);
      expect(previous.status, `${what}: previous ${links.previous}`).toBe(200);
      expect(sorted(idsOf(previous, `${what}: previous`)), `${what}: previous ${links.previous}`).toEqual(
        sorted(pages[p - 2]!),
      );
    }
    pages.push(here);
    if (p === totalPages) {
      expect(links.next, 'next on the last page').toBeNull();
      break;
    }
    expect(typeof links.next, `${what}: next`).toBe('string');
    res = await follow(api, o, links.next, false);
  }
  expect(sorted(pages.flat()), 'every item of the search on exactly one page').toEqual(sorted([...ours]));
}
