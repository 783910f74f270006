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
// Each requirement judges exchanges (lib/judging/): the suite those its act made, the proxy live traffic. An act
// asserts only what it alone knows: the items it made, and the pages it read before.
import { expect, requirement } from '../lib/requirement.ts';
import { deref, operations, parseList, type Json, type Operation } from '../lib/contract.ts';
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
import { isObject } from '../lib/dialect.ts';
import { judgeExchanges, type Judge } from '../lib/judging/judge.ts';
import { pathOf } from '../lib/judging/exchange.ts';
import { answerText, gap422, got, short, type Reading } from '../lib/judging/reading.ts';

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
const param = (o: Operation, name: string) => deref(o.parameters.find((p) => p.name === name)!.schema);

/** The target's names for the page and its size (lib/dialect.ts; D-03's `page` and `limit` unless stated). */
const named = config.dialect.dialect.pageParams;

type Isolation = { param: string; field: string };
/** How a walk isolates the test's items: a string list filter on a field it writes, else `id:in`, else only the parent. */
function isolation(list: Operation): Isolation | undefined {
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

// ---------------------------------------------------------------------------------------------------------
// What each requirement judges of an exchange (lib/judging/judge.ts). `reading.ts` reads the exchange (its query as
// sent, its answer in our contract's form); a gap is the first way it breaks the requirement.

/** D-64: a query of more than 100 parameters is refused before it is read. */
const MAX_QUERY_PARAMETERS = 100;
/** D-70: an `:in` list holds at most 1000 values, in at most 12,000 characters. */
const IN_MAX_VALUES = 1000;
const IN_MAX_CHARACTERS = 12_000;

/** The query of a list call, the dialect's page parameters named as ours (D-03). */
function queryOf(r: Reading): [string, string][] {
  const names = r.loaded.dialect.pageParams;
  return r.query.map(([k, v]) => [k === names.page ? 'page' : k === names.limit ? 'limit' : k, v]);
}
const valueIn = (r: Reading, name: string) => queryOf(r).find(([k]) => k === name)?.[1];
/** The page a call asks for: 1 when it names none (D-03). */
const pageAsked = (r: Reading) => Number(valueIn(r, 'page') ?? 1);
/** The page size a call asks for; undefined when it names none. */
const limitAsked = (r: Reading) => (valueIn(r, 'limit') === undefined ? undefined : Number(valueIn(r, 'limit')));
/** A `page` or `limit` value the target must refuse (D-03): not an integer, or outside the parameter's range. */
function outOfRange(o: Operation, name: string, raw: string): boolean {
  const s = param(o, name);
  return !/^-?\d+$/.test(raw) || Number(raw) < s.minimum || Number(raw) > s.maximum;
}
/**
 * A call of `o` whose query the target reads: a caller it does not refuse, at most D-64's 100 parameters, each one
 * `o` has (D-41 refuses any other, with 422 naming it).
 */
const queried = (o: Operation, r: Reading) =>
  r.o === o &&
  r.stage === 'read' &&
  queryOf(r).length <= MAX_QUERY_PARAMETERS &&
  queryOf(r).every(([k]) => o.parameters.some((p) => p.name === k && p.in === 'query'));
/** A call of `o` whose query the target must accept: page and limit in range, `:in` lists within D-70's bounds. */
const accepted = (o: Operation, r: Reading) =>
  queried(o, r) &&
  queryOf(r).every(
    ([k, v]) =>
      !((k === 'page' || k === 'limit') && outOfRange(o, k, v)) &&
      !(
        o.parameters.find((p) => p.name === k)?.['x-filter']?.op === 'in' &&
        (v.split(',').length > IN_MAX_VALUES || v.length > IN_MAX_CHARACTERS)
      ),
  );
/**
 * A list whose parent exists: one without a parent in its path, or one that answered 200 before (a list of a parent
 * that is gone answers 404, §4).
 */
const listExists = (o: Operation, r: Reading) => !o.path.includes('{') || r.memory.listed.has(pathOf(r.x.url));

/** The parts of the list envelope (§2.1) of an answer; undefined when it lacks one. */
function envelopeIn(r: Reading): { p: Obj; links: Obj; data: Json[] } | undefined {
  const b = r.body;
  return isObject(b?.pagination) && isObject(b?.links) && Array.isArray(b?.data)
    ? { p: b.pagination, links: b.links, data: b.data }
    : undefined;
}
/** §2.1: an answer holds the list envelope, and its `data` "an array of resources". */
function listGap(r: Reading): string | undefined {
  const e = envelopeIn(r);
  if (!e) return `expected the list envelope (data, pagination, links), ${got(r)}`;
  const odd = e.data.findIndex((x) => !isObject(x));
  return odd < 0 ? undefined : `item ${odd} of data is no resource: ${short(JSON.stringify(e.data[odd]))}`;
}
/** The items of a list answer where `o` holds them; undefined when there are none there. */
const itemsAt = (o: Operation, r: Reading): Json[] | undefined =>
  Array.isArray(r.body?.[listKey(o)]) ? r.body[listKey(o)] : undefined;
const shown = (v: Json) => JSON.stringify(v);

/** §2.1, §8: the page a search without paging parameters answers is its first, whatever size the target chose. */
function firstPageGap(r: Reading): string | undefined {
  const { p, links, data } = envelopeIn(r)!;
  if (p.page !== 1) return `pagination.page ${shown(p.page)}, expected 1`;
  if (!(Number.isInteger(p.limit) && p.limit > 0)) return `pagination.limit ${shown(p.limit)}, expected a page size`;
  if (p.total > 0 && p.totalPages !== Math.ceil(p.total / p.limit))
    return `totalPages ${shown(p.totalPages)}, expected ceil(${p.total} / ${p.limit}) = ${Math.ceil(p.total / p.limit)}`;
  if (data.length !== Math.min(p.total, p.limit))
    return `${data.length} items on the first page, expected min(total ${p.total}, limit ${p.limit})`;
  if (links.previous !== null) return `links.previous ${shown(links.previous)} on the first page, expected null`;
  if (p.total <= p.limit)
    return links.next === null ? undefined : `links.next ${shown(links.next)} on the only page, expected null`;
  return typeof links.next === 'string' ? undefined : `links.next ${shown(links.next)} with more pages, expected a URL`;
}
/** D-03, §8: without paging parameters, page 1 of the default size (the document's: §8 shows 100), totals and ends right. */
function defaultLimitGap(o: Operation, r: Reading): string | undefined {
  const { p, links, data } = envelopeIn(r)!;
  const def = param(o, 'limit').default;
  if (p.limit !== def) return `pagination.limit ${shown(p.limit)}, expected the default ${def}`;
  if (p.page !== 1) return `pagination.page ${shown(p.page)}, expected 1`;
  if (p.totalPages !== Math.ceil(p.total / p.limit))
    return `totalPages ${shown(p.totalPages)}, expected ceil(${p.total} / ${p.limit}) = ${Math.ceil(p.total / p.limit)}`;
  if (data.length !== Math.min(p.total, p.limit))
    return `${data.length} items, expected min(total ${p.total}, limit ${p.limit})`;
  if (links.previous !== null) return `links.previous ${shown(links.previous)} on page 1, expected null`;
  if (p.totalPages <= 1)
    return links.next === null ? undefined : `links.next ${shown(links.next)} with totalPages ${p.totalPages}`;
  return typeof links.next === 'string' ? undefined : `links.next ${shown(links.next)} with more pages, expected a URL`;
}

/** §2.1, D-03: a page's pagination is the page and size asked, its totals agree, and it holds what they say. */
function pagesGap(page: number, limit: number, p: Obj, count: number): string | undefined {
  if (p.page !== page || p.limit !== limit) return `pagination ${shown(p)} for page ${page}, limit ${limit}`;
  if (p.totalPages !== Math.ceil((p.total as number) / limit))
    return `totalPages ${shown(p.totalPages)}, expected ceil(${p.total} / ${limit})`;
  if (page <= p.totalPages && count !== (page < p.totalPages ? limit : p.total - limit * (p.totalPages - 1)))
    return `${count} items on page ${page} of ${p.totalPages} (total ${p.total}, limit ${limit})`;
  if (page > p.totalPages && count > 0) return `${count} items on page ${page}, past the last page ${p.totalPages}`;
  return undefined;
}
/**
 * §2.1: `self` is a URL; `previous` is null on the first page and `next` on the last, each a URL elsewhere (whatever
 * its form).
 */
function endsGap(page: number, p: Obj, links: Obj): string | undefined {
  if (typeof links.self !== 'string') return `links.self ${shown(links.self)}, expected the URL of the search`;
  if (page === 1 && links.previous !== null) return `links.previous ${shown(links.previous)} on the first page`;
  if (page > 1 && page <= p.totalPages && typeof links.previous !== 'string')
    return `links.previous ${shown(links.previous)} on page ${page}`;
  if (page >= p.totalPages && links.next !== null) return `links.next ${shown(links.next)} on the last page`;
  if (page < p.totalPages && typeof links.next !== 'string')
    return `links.next ${shown(links.next)} on page ${page} of ${p.totalPages}`;
  return undefined;
}
/** The link of an earlier list answer that a call follows (lib/judging/memory.ts), when it is one of `o`'s. */
function followedOf(o: Operation, r: Reading) {
  const link = r.memory.links.get(r.x.url);
  return link?.operationId === o.operationId ? link : undefined;
}
/** §2.1: a link leads to the page it names (`next` the page after, `previous` the one before), of the same search. */
function followedGap(o: Operation, r: Reading): string | undefined {
  const link = followedOf(o, r);
  if (!link) return undefined;
  const { p, data } = envelopeIn(r)!;
  const ids = data.map((i) => (i as Obj).id);
  const sorted = (v: Json[]) => JSON.stringify([...v].sort());
  if (p.page !== link.page) return `links.${link.rel} led to page ${shown(p.page)}, expected ${link.page}`;
  if (p.total !== link.total)
    return `links.${link.rel} led to a search of ${shown(p.total)} items, expected ${link.total}: another search`;
  if (link.ids && sorted(ids) !== sorted(link.ids))
    return `links.self led to items ${ids.join(', ')}, expected ${link.ids.join(', ')}`;
  return undefined;
}
/** A value as a `:in` list compares it here: a number by its value, text without case (how is filters.ts's). */
const normal = (v: Json) =>
  typeof v === 'number' || /^-?\d+(\.\d+)?$/.test(String(v)) ? String(Number(v)) : String(v).toLowerCase();
/**
 * §2.1: a page of a search holds that search's items: each item of a page matches every `:in` list of its query (a
 * link that drops the search's filters leads to another search). An item with no value there is not judged.
 */
function strayGap(o: Operation, r: Reading): string | undefined {
  const { data } = envelopeIn(r)!;
  for (const [k, raw] of queryOf(r)) {
    const f = o.parameters.find((p) => p.name === k && p.in === 'query')?.['x-filter'];
    if (f?.op !== 'in') continue;
    const values = new Set(parseList(raw).map(normal));
    const stray = data.find((item) => {
      const v = (item as Obj)[f.field];
      return v !== null && v !== undefined && !values.has(normal(v));
    }) as Obj | undefined;
    if (stray) return `item ${shown(stray.id)} (${f.field} ${shown(stray[f.field])}) is on a page of ${k}=${raw}`;
  }
  return undefined;
}
/**
 * D-03, §2.1: a page's pagination and links, as a walk reads each page: the page and size asked, totals that agree,
 * and links on the same path with the same filters and size, to the pages before and after, null at the ends.
 */
function walkGap(r: Reading): string | undefined {
  const { p, links, data } = envelopeIn(r)!;
  const page = pageAsked(r);
  const limit = limitAsked(r)!;
  const names = r.loaded.dialect.pageParams;
  const pages = pagesGap(page, limit, p, data.length);
  if (pages) return pages;
  const filters = queryOf(r).filter(([k]) => k !== 'page' && k !== 'limit');
  // The path the call reached, its base included, as a link is read (lib/lists.ts `resolveLink`).
  const path = URL.canParse(r.x.upstream) ? new URL(r.x.upstream).pathname : pathOf(r.x.url);
  const linkGap = (link: Json, expected: number, what: string): string | undefined => {
    if (typeof link !== 'string') return `links.${what} ${shown(link)}, expected a link to page ${expected}`;
    if (!URL.canParse(resolveLink(link), 'http://x')) return `links.${what} ${link}: not a URL`;
    const url = new URL(resolveLink(link), 'http://x');
    const q = url.searchParams;
    if (url.pathname !== path) return `links.${what} ${link}: path, expected ${path}`;
    if (q.get(names.limit) !== String(limit)) return `links.${what} ${link}: ${names.limit}, expected ${limit}`;
    if ((q.get(names.page) ?? '1') !== String(expected))
      return `links.${what} ${link}: ${names.page}, expected ${expected}`;
    const lost = filters.find(([k, v]) => q.get(k) !== v);
    return lost ? `links.${what} ${link} drops ${lost[0]}=${lost[1]}` : undefined;
  };
  if (page <= Math.max(p.totalPages, 1)) {
    const self = linkGap(links.self, page, 'self');
    if (self) return self;
  }
  if (page === 1 && links.previous !== null) return `links.previous ${shown(links.previous)} on page 1`;
  if (page > 1 && page <= p.totalPages) {
    const previous = linkGap(links.previous, page - 1, 'previous');
    if (previous) return previous;
  }
  if (page >= p.totalPages) return links.next === null ? undefined : `links.next ${shown(links.next)} on the last page`;
  return linkGap(links.next, page + 1, 'next');
}
/** D-03: a page lists its items in id order, ascending. */
function orderGap(r: Reading): string | undefined {
  const ids = envelopeIn(r)!.data.map((i) => (i as Obj).id);
  const at = ids.findIndex((v, i) => i > 0 && !(v > ids[i - 1]));
  return at > 0 ? `items ${ids[at - 1]} then ${ids[at]}: not in ascending id order` : undefined;
}

/** D-03, D-02: a `page` or `limit` out of range refused with 422 naming it (by the target's name). */
const rangeJudge = (o: Operation, name: 'page' | 'limit'): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} with ${name} out of range`,
  on: (r) => queried(o, r) && queryOf(r).some(([k, v]) => k === name && outOfRange(o, name, v)),
  gap: (r) => gap422(r, r.loaded.dialect.pageParams[name]),
});
/**
 * D-03: the largest page size is accepted, and a page holds no more. `every`: in the suite, the act's call is one the
 * target must accept, so any answer but a 200 fails it there.
 */
const maxLimitJudge = (o: Operation): Judge => {
  const max = param(o, 'limit').maximum;
  return {
    operation: o.operationId,
    reads: `a call of ${o.operationId} with limit=${max} answered 200`,
    on: (r) => accepted(o, r) && limitAsked(r) === max && r.x.status === 200,
    gap: (r) => {
      const items = itemsAt(o, r);
      const limit = r.body?.pagination?.limit;
      if (!items) return `expected its items in \`${listKey(o)}\`, ${got(r)}`;
      if (items.length > max) return `${items.length} items for limit=${max}`;
      return isEnvelope(o) && limit !== max ? `pagination.limit ${shown(limit)}, expected ${max}` : undefined;
    },
    every: true,
  };
};
/** A search without paging parameters answered 200 (§2.1, §8, D-03), its answer judged by `gap` once an envelope. */
const firstPageJudge = (o: Operation, gap: (r: Reading) => string | undefined = firstPageGap): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} without page and limit answered 200`,
  on: (r) =>
    accepted(o, r) && valueIn(r, 'page') === undefined && valueIn(r, 'limit') === undefined && r.x.status === 200,
  gap: (r) => listGap(r) ?? gap(r),
  every: true,
});
const defaultLimitJudge = (o: Operation): Judge => firstPageJudge(o, (r) => defaultLimitGap(o, r));
/**
 * D-03: a page known to be past the end answers 200 with no items, `next` null: past its envelope's `totalPages`, or,
 * for a list without one, D-03's last page at the largest size (past 249,999,750 items). A 404 of a page after the
 * first of a list that exists is never right (D-03: past the end is a 200).
 */
const pastEndJudge = (o: Operation): Judge => {
  const beyond = (r: Reading) =>
    isEnvelope(o)
      ? typeof r.body?.pagination?.totalPages === 'number' && r.body.pagination.totalPages < pageAsked(r)
      : pageAsked(r) === param(o, 'page').maximum && limitAsked(r) === param(o, 'limit').maximum;
  return {
    operation: o.operationId,
    reads: `a call of ${o.operationId} for a page past the last`,
    on: (r) =>
      accepted(o, r) && pageAsked(r) > 1 && (r.x.status === 404 ? listExists(o, r) : r.x.status === 200 && beyond(r)),
    gap: (r) => {
      if (r.x.status !== 200) return `a page past the end answered ${r.x.status}: ${answerText(r)}`;
      const items = itemsAt(o, r);
      if (!items) return `expected its items in \`${listKey(o)}\`, ${got(r)}`;
      if (items.length) return `${items.length} items past the last page`;
      if (!isEnvelope(o)) return undefined;
      const { pagination: p, links } = r.body;
      if (p.page !== pageAsked(r)) return `pagination.page ${shown(p.page)}, expected ${pageAsked(r)}`;
      return links?.next === null ? undefined : `links.next ${shown(links?.next)} past the last page`;
    },
  };
};
/**
 * §2.1: each page of a search asked in pages of a size, and each page a link of an earlier one led to, holds what
 * its pagination says, its links null at the ends; a link leads to the page it names, of the same search. A target
 * that answers pages of another size to our `limit`, its name unstated, is not judged on them (D-03; the act makes
 * the requirement not applicable). `every`: the act's calls are pages of the search, each a 200.
 */
const linksJudge = (o: Operation): Judge => {
  const sized = (r: Reading) =>
    limitAsked(r) !== undefined && (r.body?.pagination?.limit === limitAsked(r) || r.loaded.stated.has('pageParams'));
  return {
    operation: o.operationId,
    reads: `a page of ${o.operationId} of the size asked, or one its links led to, answered 200`,
    on: (r) => accepted(o, r) && r.x.status === 200 && (sized(r) || followedOf(o, r) !== undefined),
    gap: (r) => {
      const gap = listGap(r);
      if (gap) return gap;
      const { p, links, data } = envelopeIn(r)!;
      const sizes = sized(r)
        ? (pagesGap(pageAsked(r), limitAsked(r)!, p, data.length) ?? endsGap(pageAsked(r), p, links))
        : undefined;
      return sizes ?? followedGap(o, r) ?? strayGap(o, r);
    },
    every: true,
  };
};
/**
 * D-03, §2.1: each page asked in pages of a size (`walkGap`); with `order`, its items in id order too, and a page
 * after the first of a list that exists never a 404. `every`: the act's calls are pages of the search, each a 200.
 */
const walkJudge = (o: Operation, order = false): Judge => ({
  operation: o.operationId,
  reads: `a page of ${o.operationId} asked in pages of a size, answered 200${order ? ' (or 404 past the first)' : ''}`,
  on: (r) =>
    accepted(o, r) &&
    limitAsked(r) !== undefined &&
    (r.x.status === 200 || (order && r.x.status === 404 && pageAsked(r) > 1 && listExists(o, r))),
  gap: (r) =>
    r.x.status === 404
      ? `a page past the end answered 404: ${answerText(r)}`
      : (listGap(r) ?? walkGap(r) ?? (order ? orderGap(r) : undefined)),
  every: true,
});

/** §2.1 and §8 on what a page carries, verbatim. */
const CARRY = 'Pagination: responses carry `limit`, `page`, `total` and `totalPages`';

for (const o of paginated) {
  const limit = param(o, 'limit');
  const page = param(o, 'page');
  const list = async (api: Api, query: Record<string, string | number>) =>
    api.untyped(o.operationId, { params: await paramsFor(api, o.operationId), query });
  requirement(`${o.operationId}.pagination.limit-range`, 'D-03 D-02', { judge: rangeJudge(o, 'limit') }).test(
    `rejects limit=${limit.minimum - 1}, limit=${limit.maximum + 1} and limit=abc with 422 naming limit`,
    async ({ api }) => {
      for (const value of [limit.minimum - 1, limit.maximum + 1, 'abc']) await list(api, { limit: value });
    },
  );
  requirement(`${o.operationId}.pagination.page-range`, 'D-03 D-02', { judge: rangeJudge(o, 'page') }).test(
    'rejects page=0, page=-1 and page=abc with 422 naming page',
    async ({ api }) => {
      for (const value of [page.minimum - 1, -1, 'abc']) await list(api, { page: value });
    },
  );
  requirement(`${o.operationId}.pagination.max-limit`, 'D-03', { judge: maxLimitJudge(o) }).test(
    `accepts limit=${limit.maximum}`,
    async ({ api }) => {
      await list(api, { limit: limit.maximum });
    },
  );
  requirement(`${o.operationId}.pagination.past-end`, 'D-03 §7', { judge: pastEndJudge(o) }).test(
    'a page past the end answers 200 with no items',
    async ({ api }) => {
      const params = await paramsFor(api, o.operationId);
      // The first page first: a 404 past the end is then the page's, not a parent's that is gone.
      await api.untyped(o.operationId, { params, query: { limit: limit.maximum } });
      await api.untyped(o.operationId, { params, query: { page: 1_000_000, limit: limit.maximum } });
    },
  );
  if (isEnvelope(o)) {
    // §2.1/§8 say what a page carries, whatever its size: this much gates under the source profile.
    requirement(`${o.operationId}.pagination.first-page`, '§2.1 §8', { quote: CARRY, judge: firstPageJudge(o) }).test(
      'a search without paging parameters answers its first page: page 1, as many items as the limit allows, totalPages = ceil(total / limit), no previous page, a next page only when there are more',
      async ({ api }) => {
        await list(api, {});
      },
    );
    requirement(`${o.operationId}.pagination.default-limit`, 'D-03 §8', { judge: defaultLimitJudge(o) }).test(
      `without page and limit answers page 1 of ${limit.default} items, with totalPages = ceil(total / limit)`,
      async ({ api }) => {
        await list(api, {});
      },
    );
  }
}

/** §2.1's links, verbatim: what each leads to, whatever its form. */
const LINKS =
  '`self` (URL of the current search), `previous` (URL of the previous page or null), `next` (URL of the next page or null)';

for (const o of walkable) {
  const iso = isolation(o);
  const [links, walked, ordered] = [linksJudge(o), walkJudge(o), walkJudge(o, true)];
  requirement(`${o.operationId}.pagination.links`, '§2.1', { quote: LINKS, judge: links }).test(
    `in a search${iso ? ` filtered by ${iso.param}` : ''} in pages of 2, self leads to the page itself, next and previous to the pages after and before it (null at the ends), each with its pagination; every item on exactly one page`,
    async ({ api }) => {
      const { items, pages, previous } = await followLinks(api, o, iso);
      if (broken(api, links)) return;
      for (const { page, link, ids } of previous)
        expect(sorted(ids), `page ${page}: previous ${link}`).toEqual(sorted(pages[page - 2] ?? []));
      expect(sorted(pages.flat()), 'every item of the search on exactly one page').toEqual(sorted(items));
    },
  );
  requirement(`${o.operationId}.pagination.walk`, 'D-03 §2.1 §8', { platform: true, judge: walked })
    .test(
      `walking pages of 2${iso ? ` filtered by ${iso.param}` : ''} through links.next yields every item exactly once; totals and links right`,
      async ({ api }) => {
        const { items, pages, back } = await walk(api, o, iso);
        if (broken(api, walked)) return;
        expect(back, 'links.previous of the last page').toEqual(pages.at(-2));
        expect(sorted(pages.flat()), 'every item exactly once').toEqual(sorted(items));
      },
    )
    .twin('order', 'D-03', { judge: ordered })
    .test(
      `the pages of a walk${iso ? ` filtered by ${iso.param}` : ''} list the items in id order, ascending; the page after the last is empty`,
      async ({ api }) => {
        const { items, pages, back, past } = await walk(api, o, iso);
        const after = await past();
        if (broken(api, ordered)) return;
        expect(back, 'links.previous of the last page').toEqual(pages.at(-2));
        // The order across pages: each page's own order is the judgement's.
        expect(pages.flat(), 'every item exactly once, in id order').toEqual(sorted(items));
        expect(after.body?.pagination?.total, 'total of the page after the last').toBe(items.length);
      },
    );
}

// What only an act knows: the items it made, and the pages it read before the one in hand (the judgement's memory
// keeps the items of a `self` link alone). It asserts them once its requirement's judgement holds over the
// exchanges it made, so that a page the judgement finds broken gives the failure its own reason.

/** Whether `judge` finds one of the exchanges the act made so far broken. */
const broken = (api: Api, judge: Judge) => judgeExchanges(judge, api.observed, config.dialect).broken !== undefined;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
/** The ids of a list answer's items; none where it holds no list. */
const idsOf = (res: ApiResponse): number[] =>
  Array.isArray(res.body?.data) ? res.body.data.map((d: Json) => d?.id as number) : [];

/**
 * Makes `n` items that only this test's search finds, under the list's parent: each with a value of its own in the
 * isolating filter's field (`comma`: the fourth one's holding a comma), found by the filter that lists them.
 */
async function isolated(api: Api, o: Operation, iso: Isolation | undefined, n: number, comma: boolean) {
  const params = await paramsFor(api, o.operationId);
  const tag = uid('P').toUpperCase();
  const items: Obj[] = [];
  for (let i = 0; i < n; i++) {
    const value = comma && i === 3 ? `${tag}-${i},Q` : `${tag}-${i}`;
    items.push(await makeItem(api, o, params, iso && iso.field !== 'id' ? { [iso.field]: value } : {}));
  }
  const filter: Obj = iso ? { [iso.param]: quoteList(items.map((it) => it[iso.field])) } : {};
  return { params, filter, ids: items.map((it) => it.id as number) };
}

/**
 * Makes 7 items that only this test's search finds and walks them in pages of 2 through `links.next` (the judgement
 * reads each page's pagination and links), then reads the page before the last through its `previous`: returns the
 * items, the ids of each page in the order given, and those of that page before the last.
 */
async function walk(
  api: Api,
  o: Operation,
  iso: Isolation | undefined,
): Promise<{ items: number[]; pages: number[][]; back?: number[]; past: () => Promise<ApiResponse> }> {
  const N = 7;
  const size = 2;
  const totalPages = Math.ceil(N / size);
  // One value holds a comma, so the links must carry a quoted value intact (§4.4).
  const { params, filter, ids } = await isolated(api, o, iso, N, true);
  const pages: number[][] = [];
  let res = await api.untyped(o.operationId, { params, query: { ...filter, limit: size } });
  let links: Obj = {};
  // To the last page, and at most one past it where a last page links on.
  for (let p = 1; p <= totalPages + 1 && res.status === 200; p++) {
    links = isObject(res.body?.links) ? res.body.links : {};
    pages.push(idsOf(res));
    if (typeof links.next !== 'string') break;
    res = await follow(api, o, links.next);
  }
  const back =
    pages.length > 1 && typeof links.previous === 'string' ? idsOf(await follow(api, o, links.previous)) : undefined;
  // The page after the last (D-03: 200 with no items), for the decision requirement to read.
  const past = () => api.untyped(o.operationId, { params, query: { ...filter, limit: size, page: totalPages + 1 } });
  return { items: ids, pages, ...(back ? { back } : {}), past };
}

/**
 * Makes 8 items that only this test's search finds and reads the search in pages of 2 by its links alone: each page,
 * its `self` and its `previous`, then the page its `next` leads to. The judgement reads what §2.1 says of each:
 * `pagination` (current page number, results per page, total results, total pages), `self` answering the page
 * itself, `previous` the page before it (null on the first), `next` the page after it (null on the last), and every
 * item of each page one of the search's (a link that drops the filters leads elsewhere). The links' form (a path, an
 * absolute URL, which parameters) is not looked at. The page size is asked for with our `limit` (D-03; the dialect's
 * `pageParams`): a target that answers pages of another size, with no `pageParams` stated, makes the requirement not
 * applicable under the source profile. Returns the items, the ids of each page, and those each `previous` led to.
 */
async function followLinks(
  api: Api,
  o: Operation,
  iso: Isolation | undefined,
): Promise<{ items: number[]; pages: number[][]; previous: { page: number; link: string; ids: number[] }[] }> {
  // A multiple of the page size, so that the total pages are total / size exactly (the walk's 7 leave a last page
  // of one item).
  const N = 8;
  const size = 2;
  // Values without commas: how a comma is written in an `:in` value is §4.4's for `sku:in` only (D-62 elsewhere).
  const { params, filter, ids } = await isolated(api, o, iso, N, false);
  let res = await api.untyped(o.operationId, { params, query: { ...filter, limit: size } });
  const taken = res.body?.pagination?.limit;
  // Pages of another size than asked: our page parameters (D-03's names, unless stated) were not the target's.
  if (res.status === 200 && !config.dialect.stated.has('pageParams') && taken !== size)
    api.unmet.push({
      under: 'source',
      key: 'pageParams',
      reason: `needs D-03: ${o.operationId} answered pages of ${JSON.stringify(taken)} to our ${named.limit}=${size}; state the target's names in the dialect as pageParams`,
    });
  const pages: number[][] = [];
  const previous: { page: number; link: string; ids: number[] }[] = [];
  // To the last page, and at most one past it where a last page links on.
  for (let p = 1; p <= N / size + 1 && res.status === 200; p++) {
    const links: Obj = isObject(res.body?.links) ? res.body.links : {};
    pages.push(idsOf(res));
    if (typeof links.self === 'string') await follow(api, o, links.self, false);
    if (p > 1 && typeof links.previous === 'string')
      previous.push({ page: p, link: links.previous, ids: idsOf(await follow(api, o, links.previous, false)) });
    if (typeof links.next !== 'string') break;
    res = await follow(api, o, links.next, false);
  }
  return { items: ids, pages, previous };
}
