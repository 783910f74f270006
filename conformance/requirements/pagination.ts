// Pagination (§2.1, §8, D-03) for EVERY list operation of the document: `page`/`limit` ranges (422 naming the
// parameter), the default and maximum page size, a page past the end; and, for every list whose items a test can
// isolate (a parent of its own, or a filter on its own values), a full walk with limit=2 following `links.next`
// literally: every item exactly once in id order, right totals, links that keep the filters and the limit.
// Basis: the ranges, the default and maximum page size, the page past the end and the id order are
// D-03's (`decision`); the walk rests on the `limit` parameter, a platform fact (`platform`); what holds whatever
// page size the target chose — the first page's totals and links — is the source's (§2.1, §8).
import { expect, requirement } from '../lib/requirement.ts';
import { deref, operations, type Json, type Operation } from '../lib/contract.ts';
import { expect422 } from '../lib/expectations.ts';
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
/** The array of items in a list answer: `data` in the list envelope, else the wrapper (`contacts`, D-11; `shippingServices`, D-18). */
const itemsOf = (o: Operation, body: Json): Json[] =>
  body[Object.entries(propertiesOf(schemaOf(o))).find(([, s]) => deref(s).type === 'array' || 'items' in deref(s))![0]];
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
  requirement(
    {
      id: `${o.operationId}.pagination.limit-range`,
      level: 'MUST',
      source: ['D-03', 'D-02'],
      basis: 'decision',
      title: `rejects limit=${limit.minimum - 1}, limit=${limit.maximum + 1} and limit=abc with 422 naming limit`,
    },
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
  requirement(
    {
      id: `${o.operationId}.pagination.page-range`,
      level: 'MUST',
      source: ['D-03', 'D-02'],
      basis: 'decision',
      title: 'rejects page=0, page=-1 and page=abc with 422 naming page',
    },
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
  requirement(
    {
      id: `${o.operationId}.pagination.max-limit`,
      level: 'MUST',
      source: ['D-03'],
      basis: 'decision',
      title: `accepts limit=${limit.maximum}`,
    },
    async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId),
        query: { limit: limit.maximum },
      });
      expect(res.status).toBe(200);
      expect(itemsOf(o, res.body).length).toBeLessThanOrEqual(limit.maximum);
      if (isEnvelope(o)) expect(res.body.pagination.limit).toBe(limit.maximum);
    },
  );
  requirement(
    {
      id: `${o.operationId}.pagination.past-end`,
      level: 'MUST',
      source: ['D-03', '§7'],
      basis: 'decision',
      title: 'a page past the end answers 200 with no items',
    },
    async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId),
        query: { page: 1_000_000, limit: limit.maximum },
      });
      expect(res.status).toBe(200);
      expect(itemsOf(o, res.body)).toEqual([]);
      if (isEnvelope(o)) {
        expect(res.body.pagination.page).toBe(1_000_000);
        expect(res.body.links.next, 'next is null past the last page').toBeNull();
      }
    },
  );
  if (isEnvelope(o)) {
    // §2.1/§8 say what a page carries, whatever its size: this much gates under the source profile.
    requirement(
      {
        id: `${o.operationId}.pagination.first-page`,
        level: 'MUST',
        source: ['§2.1', '§8'],
        basis: 'source',
        quote: 'Pagination: responses carry `limit`, `page`, `total` and `totalPages`',
        title:
          'a search without paging parameters answers its first page: page 1, as many items as the limit allows, totalPages = ceil(total / limit), no previous page, a next page only when there are more',
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId) });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        // The envelope's parts first (§2.1), so an answer without them fails rather than breaks the suite.
        expect(res.body, 'the list envelope').toMatchObject({
          data: expect.any(Array),
          pagination: expect.any(Object),
          links: expect.any(Object),
        });
        const { pagination: p, links, data } = res.body;
        expect(p.page).toBe(1);
        expect(Number.isInteger(p.limit) && p.limit > 0, `limit ${p.limit}`).toBe(true);
        if (p.total > 0) expect(p.totalPages).toBe(Math.ceil(p.total / p.limit));
        expect(data.length).toBe(Math.min(p.total, p.limit));
        expect(links.previous).toBeNull();
        if (p.total <= p.limit) expect(links.next).toBeNull();
        else expect(typeof links.next).toBe('string');
      },
    );
    requirement(
      {
        id: `${o.operationId}.pagination.default-limit`,
        level: 'MUST',
        source: ['D-03', '§8'],
        basis: 'decision',
        title: `without page and limit answers page 1 of ${limit.default} items, with totalPages = ceil(total / limit)`,
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId) });
        expect(res.status).toBe(200);
        const { pagination: p, links, data } = res.body;
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

for (const o of walkable) {
  const iso = isolation(o);
  requirement(
    {
      id: `${o.operationId}.pagination.walk`,
      level: 'MUST',
      source: ['D-03', '§2.1', '§8'],
      basis: 'platform',
      title: `walking pages of 2${iso ? ` filtered by ${iso.param}` : ''} through links.next yields every item exactly once; totals and links right`,
    },
    async ({ api }) => {
      const { items, pages } = await walk(api, o, iso);
      expect(
        pages.flatMap((p) => p.ids).sort((a, b) => a - b),
        'every item exactly once',
      ).toEqual(items.map((it) => it.id).sort((a, b) => a - b));
    },
  );
  requirement(
    {
      id: `${o.operationId}.pagination.walk.order`,
      level: 'MUST',
      source: ['D-03'],
      basis: 'decision',
      title: `the pages of a walk${iso ? ` filtered by ${iso.param}` : ''} list the items in id order, ascending; the page after the last is empty`,
    },
    async ({ api }) => {
      const { items, pages, past, expectedPast } = await walk(api, o, iso);
      expect(
        pages.flatMap((p) => p.ids),
        'every item exactly once, in id order',
      ).toEqual(items.map((it) => it.id).sort((a, b) => a - b));
      const after = await past();
      expect(after.status).toBe(200);
      expect(after.body.data, 'the page after the last').toEqual([]);
      expect(after.body.pagination).toEqual(expectedPast);
      expect(after.body.links.next).toBeNull();
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
    const { pagination, links, data } = res.body;
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
    back.body.data.map((d: Obj) => d.id),
    'links.previous of the last page',
  ).toEqual(pages.at(-2)!.ids);
  // The page after the last (D-03: 200 with no items), for the decision requirement to check.
  const past = () => api.untyped(o.operationId, { params, query: { ...filter, limit: size, page: totalPages + 1 } });
  return { items, pages, past, expectedPast: { page: totalPages + 1, limit: size, total: N, totalPages } };
}
