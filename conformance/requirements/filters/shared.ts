// What the filter requirements (lists.ts) share: a list's filters as the document marks them (`x-filter`) and what
// §4.4 and §3 say they match (`matches`, `derived`); the judgement of a search (`searchJudge`, `boundJudge`), which
// the suite runs over the exchanges an act made and the proxy over live traffic; and the acts' own items and
// searches (`ListFixture`, `datedItems`), narrowed to the test's id range so other tests' data cannot push its items
// off page 1.
import { expect } from '../../lib/requirement.ts';
import {
  deref,
  nonNull,
  parseList,
  type Json,
  type Operation,
  type Parameter,
  type XFilter,
} from '../../lib/contract.ts';
import { constrainedFields, makeItem, paramsFor, sharedInWorker, uid } from '../../lib/fixtures.ts';
import {
  createOf,
  endlessNext,
  follow,
  itemSchema,
  kindOf,
  overfull,
  propertiesOf,
  resolveLink,
  writableFields,
  type Kind,
} from '../../lib/lists.ts';
import { Nonconformance, type Api } from '../../lib/api.ts';
import { isObject } from '../../lib/dialect.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import { collectionKey } from '../../lib/judging/memory.ts';
import { envelopeGap, got, type Reading } from '../../lib/judging/reading.ts';

export type Obj = Record<string, Json>;
export interface Filter {
  param: Parameter;
  name: string;
  rule: XFilter;
  kind: Kind;
  schema: Json;
  source: 'writable' | 'assigned' | 'derived';
}

/** D-70: an `:in` list holds at most this many values, in at most this many characters. */
export const IN_MAX_VALUES = 1000;
export const IN_MAX_CHARACTERS = 12_000;
/** D-64: 100 query parameters. */
const MAX_QUERY_PARAMETERS = 100;
/** How far the target's clock may be from ours when it derives a status at a publish window's edge (§3). */
const EDGE_SLACK_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dateTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
const DAY = 86_400_000;
/**
 * The same instant written with another offset (`+02:00`): any offset is accepted on input (D-10). An instant given
 * in milliseconds keeps them (`…T04:30:42.500-05:30`).
 */
export function withOffset(value: string | number, minutes: number): string {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  const local = new Date(ms + minutes * 60_000).toISOString().slice(0, typeof value === 'number' ? 23 : 19);
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  return `${local}${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}
/**
 * The value of a date-time field the target answered for one of the test's items, checked before the suite writes it
 * in other spellings: a value that is no date-time fails, naming it, rather than breaking the suite's date arithmetic.
 */
export function answeredDateTime(filter: Filter, item: Obj): string {
  const value = valueOf(filter, item);
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw new Nonconformance(
      `item ${JSON.stringify(item.id)}'s ${filter.rule.field} as the target answered it is no date-time: ${JSON.stringify(value)}`,
    );
  return value;
}
/** One instant as §4.4 has it ("ISO-8601 with an offset"): as read, and with another offset. */
export const spellings = (value: string) => [value, withOffset(value, 120)];
/** The same instant as D-10 also accepts it: with `Z`, and with a fraction of a second. */
export const zuluSpellings = (value: string) => [
  new Date(Date.parse(value)).toISOString().replace('.000Z', 'Z'),
  new Date(Date.parse(value)).toISOString(),
];
/** Just over the one-second resolution of v2 date-times (D-10), so two creates get different `createdOn`. */
const TICK = 1100;

/** Fields derived by the target rather than written (§3): the inputs that produce each state, and the rule. */
export const derived: Record<string, { states: () => Obj[]; value: (o: Obj, now: number) => Json }> = {
  status: {
    states: () => [
      { isActive: false },
      { isActive: true, publishStartOn: dateTime(Date.now() + DAY) },
      { isActive: true, publishEndOn: dateTime(Date.now() - DAY) },
      { isActive: true, publishStartOn: dateTime(Date.now() - DAY), publishEndOn: dateTime(Date.now() + DAY) },
    ],
    // §3: public when active, the publish start null or not later than now, the publish end null or in the future.
    value: (o, now) =>
      o.isActive === true &&
      (o.publishStartOn === null || Date.parse(o.publishStartOn) <= now) &&
      (o.publishEndOn === null || Date.parse(o.publishEndOn) > now)
        ? 'public'
        : 'admin',
  },
};

export function filtersOf(list: Operation): Filter[] {
  const create = createOf(list);
  const writable = create ? writableFields(create) : {};
  const fields = propertiesOf(itemSchema(list));
  return list.parameters
    .filter((p) => p['x-filter'])
    .map((p) => {
      const rule = p['x-filter']!;
      const schema = fields[rule.field];
      const kind = schema ? kindOf(schema) : 'string';
      const source =
        rule.field in writable ? 'writable' : rule.field === 'id' || kind === 'date' ? 'assigned' : 'derived';
      return { param: p, name: p.name, rule, kind, schema, source };
    });
}

/** The value a created item has for the filter's field: as returned, or as §3 derives it at `now`. */
export const valueOf = (filter: Filter, item: Obj, now = Date.now()): Json =>
  filter.source === 'derived' ? derived[filter.rule.field]!.value(item, now) : item[filter.rule.field];

/** Does `actual` satisfy `name=raw` (§4.4)? */
export function matches(filter: Filter, actual: Json, raw: string): boolean {
  const norm = (v: Json): Json =>
    filter.kind === 'date'
      ? Date.parse(String(v))
      : filter.kind === 'int' || filter.kind === 'number'
        ? Number(v)
        : filter.rule.caseInsensitive
          ? String(v).toLowerCase()
          : String(v);
  if (filter.rule.op === 'eq' && filter.rule.empty === 'none' && raw === '') return actual === null;
  if (actual === null || actual === undefined) return false;
  if (filter.rule.op === 'in') return parseList(raw).map(norm).includes(norm(actual));
  const [a, b] = [norm(actual), norm(raw)];
  return filter.rule.op === 'eq'
    ? a === b
    : filter.rule.op === 'gte'
      ? a >= b
      : filter.rule.op === 'lte'
        ? a <= b
        : filter.rule.op === 'gt'
          ? a > b
          : a < b;
}

export const isRange = (filter: Filter) => ['gte', 'lte', 'gt', 'lt'].includes(filter.rule.op);
/** The filters the suite narrows a search to its own items with (`ListFixture.narrow`). */
const narrowing = (filter: Filter) =>
  filter.rule.field === 'id' && (filter.rule.op === 'gte' || filter.rule.op === 'lte');
/** D-70: an `:in` list of more values, or more characters, than it may hold. */
const pastBounds = (raw: string) => raw.split(',').length > IN_MAX_VALUES || raw.length > IN_MAX_CHARACTERS;

// ---------------------------------------------------------------------------------------------------------
// What each requirement judges of a search (lib/judging/judge.ts): the suite over the exchanges its act made, the
// proxy over live traffic. A search is read whole once (`searchChecks`): the requirement each filter's value belongs
// to, as the acts below write their queries, and the first way the answer breaks it.

/** The query of a list request, the dialect's page parameters named as ours (D-03). */
function queryOf(r: Reading): [string, string][] {
  const names = r.loaded.dialect.pageParams;
  return r.query.map(([k, v]) => [k === names.page ? 'page' : k === names.limit ? 'limit' : k, v]);
}
/** A query the list refuses whatever its filters' values: too many parameters (D-64), an unknown one (D-41), a page
 * or limit out of range (D-03). */
function refusedQuery(list: Operation, query: [string, string][]): boolean {
  if (query.length > MAX_QUERY_PARAMETERS) return true;
  const param = (k: string) => list.parameters.find((p) => p.name === k && p.in === 'query');
  if (query.some(([k]) => !param(k))) return true;
  return query.some(([k, v]) => {
    const s = deref(param(k)?.schema);
    return (k === 'page' || k === 'limit') && (!/^-?\d+$/.test(v) || Number(v) < s?.minimum || Number(v) > s?.maximum);
  });
}

/** A filter of a search and the value it was given. */
export interface Given {
  filter: Filter;
  raw: string;
}
/**
 * The requirement a filter's value belongs to, as the acts below write their queries: a date-time with a fraction of
 * a second or `Z` (D-10), a quoted `:in` value (§4.4, D-62), an empty equality (§4.4), else the filter's own
 * (`.boundary` for a range).
 */
function checkOf(list: Operation, { filter, raw }: Given): string {
  const id = `${list.operationId}.filter`;
  if (filter.kind === 'date' && isRange(filter) && /\.\d*[1-9]/.test(raw)) return `${id}.date-time-fraction`;
  if (filter.kind === 'date' && /(Z|\.\d+)/.test(raw.slice(19))) return `${id}.date-time-input`;
  if (filter.rule.op === 'in' && raw.includes('"')) return `${id}.${filter.name}.quoted-comma`;
  if (filter.rule.op === 'eq' && filter.rule.empty === 'none' && raw === '') return `${id}.${filter.name}.empty`;
  return `${id}.${filter.name}${isRange(filter) ? '.boundary' : ''}`;
}

/**
 * Fields the document says are derived when read (a product redirect's `target`, "derived when the redirect is read",
 * §2.5, D-44; `status`, §3): a later read may show another value than the write answered.
 */
const READ_TIME = /^Derived\b[^]*\bnow\b|\bderived (at the time of the request|when [^.]*\bread)\b/i;
const readTime = new Map<Operation, Set<string>>();
const atRequestTime = (list: Operation): Set<string> => {
  let fields = readTime.get(list);
  if (!fields)
    readTime.set(
      list,
      (fields = new Set(
        Object.entries(propertiesOf(itemSchema(list)))
          .filter(([, s]) => READ_TIME.test(deref(s)?.description ?? ''))
          .map(([k]) => k),
      )),
    );
  return fields;
};
/**
 * Whether the exchanges before a search show the value an item has for a filter's field: the field is written, or
 * assigned once (`id`, `createdOn`) or on each write (`modifiedOn`), or derived by a rule the suite knows (§3's
 * status); not one derived when read from another resource, nor one the target changes on its own.
 */
export const knowable = (list: Operation, filter: Filter) =>
  derived[filter.rule.field] !== undefined ||
  (filter.source !== 'derived' &&
    !atRequestTime(list).has(filter.rule.field) &&
    (filter.source !== 'assigned' || ['id', 'createdOn', 'modifiedOn'].includes(filter.rule.field)));

/**
 * The items of a list's collection the exchanges before a search made and wrote, by the same client, whose state is
 * known (their last write ended before the search began, no delete of what they hang off since): as last answered.
 */
function knownItems(list: Operation, r: Reading): Obj[] {
  const create = createOf(list)?.operationId;
  if (!create || !r.match) return [];
  const collection = collectionKey(create, r.match.params);
  return [...r.memory.items.values()].flatMap((it) =>
    it.collection === collection &&
    it.seenMade &&
    !it.deleted &&
    !it.stale &&
    it.last &&
    it.last.at <= r.x.started &&
    it.madeBy === r.x.requestHeaders.authorization
      ? [it.last.resource]
      : [],
  );
}

const checked = new WeakMap<Reading, Map<string, string | undefined>>();
/** The requirements a search of `list` reads and the first gap of each (read once per exchange). */
function searchChecks(list: Operation, r: Reading): Map<string, string | undefined> {
  let checks = checked.get(r);
  if (!checks) checked.set(r, (checks = readSearch(list, r)));
  return checks;
}

/**
 * §4.4, §2.1, §7, D-03, D-10, D-62: a 200 answer to a search by a list's filters, its query accepted. Each value is
 * judged by the requirement it belongs to (two filters besides the narrowing ones, by `combined`): every returned
 * item satisfies it, its `links.next` can be right, a derived field reads as §3 derives it. Of a complete answer (all
 * its items on one page), an item the exchanges before it made that satisfies every filter must be there. A first
 * page with no items is a search with no matches (§7).
 */
function readSearch(list: Operation, r: Reading): Map<string, string | undefined> {
  const checks = new Map<string, string | undefined>();
  const at = (id: string, gap: string | undefined) => {
    if (checks.get(id) === undefined) checks.set(id, gap);
  };
  const query = queryOf(r);
  if (r.o !== list || r.stage !== 'read' || r.x.status !== 200 || refusedQuery(list, query)) return checks;
  const filters = filtersOf(list);
  const given: Given[] = query.flatMap(([k, raw]) => {
    const filter = filters.find((f) => f.name === k);
    return filter ? [{ filter, raw }] : [];
  });
  if (!given.length || given.some((g) => g.filter.rule.op === 'in' && pastBounds(g.raw))) return checks;
  const id = list.operationId;
  const main = given.filter((g) => !narrowing(g.filter));
  const combined = new Set(main.map((g) => g.filter.rule.field)).size >= 2;
  const idOf = (g: Given) => (combined && !narrowing(g.filter) ? `${id}.filter.combined` : checkOf(list, g));
  // A date-time written with Z or a fraction (D-10's input forms) is still a search by its filter: the filter's own
  // requirement reads it too, so a target that answers its date-times with Z is searched, and judged, with them.
  const own = (g: Given) => `${id}.filter.${g.filter.name}${isRange(g.filter) ? '.boundary' : ''}`;
  const also = (g: Given) => (/\.date-time-(input|fraction)$/.test(idOf(g)) ? [own(g)] : []);
  const b = r.body;
  const items: Json[] = Array.isArray(b?.data) ? b.data : [];
  const odd = items.findIndex((i) => !isObject(i));
  const unread = !Array.isArray(b?.data)
    ? `expected a data list (§2.1), ${got(r)}`
    : odd >= 0
      ? `item ${odd} is no resource: ${JSON.stringify(items[odd])}`
      : overfull(b);
  if (unread) {
    for (const g of given) for (const c of [idOf(g), ...also(g)]) at(c, unread);
    return checks;
  }
  const p = isObject(b.pagination) ? b.pagination : undefined;
  const links = isObject(b.links) ? b.links : undefined;
  const page = Number(query.find(([k]) => k === 'page')?.[1] ?? 1);
  const wrongNext = links?.next != null ? endlessNext(b, links.next, new Set(), page) : undefined;
  const next = wrongNext && `links.next ${JSON.stringify(links!.next)} ${wrongNext}`;
  const known = knownItems(list, r);
  const asked = given.map((g) => `${g.filter.name}=${g.raw}`).join('&');
  const gapOf = ({ filter, raw }: Given) => {
    const wrong = items.find((item) => !matches(filter, item[filter.rule.field], raw));
    if (wrong)
      return `item ${wrong.id} with ${filter.rule.field} ${JSON.stringify(wrong[filter.rule.field])} was returned for ${asked}`;
    if (next) return next;
    if (filter.source !== 'derived' || !derived[filter.rule.field]) return undefined;
    // §3: a returned item the exchanges before showed reads the value its fields give, unless a window's edge is
    // within the clocks' slack of the search.
    const [from, to] = [r.x.started - EDGE_SLACK_MS, r.x.ended + EDGE_SLACK_MS];
    for (const item of items) {
      const made = known.find((k) => k.id === item.id);
      const value = made && valueOf(filter, made, from);
      if (made && value === valueOf(filter, made, to) && item[filter.rule.field] !== value)
        return `item ${item.id}: ${filter.rule.field} ${JSON.stringify(item[filter.rule.field])}, expected ${JSON.stringify(value)} as §3 derives it`;
    }
    return undefined;
  };
  for (const g of given) for (const c of [idOf(g), ...also(g)]) at(c, gapOf(g));
  // §4.4 `sku:in` "case-insensitive": an item returned for a value it holds in another case.
  const otherCase = (g: Given, value: Json) =>
    g.filter.rule.caseInsensitive && matches(g.filter, value, g.raw) && !parseList(g.raw).includes(String(value));
  for (const g of given)
    if (!combined && items.some((i) => otherCase(g, i[g.filter.rule.field])))
      at(`${id}.filter.${g.filter.name}.case-insensitive`, gapOf(g));
  // §4.4: a search returns every item that satisfies it; the value matched in another case only is the
  // case-insensitivity's.
  const listed = new Set(items.map((i) => i.id));
  const lost =
    p && p.total === items.length && given.every((g) => knowable(list, g.filter))
      ? known.find(
          (k) => !listed.has(k.id) && given.every((g) => matches(g.filter, valueOf(g.filter, k, r.x.started), g.raw)),
        )
      : undefined;
  if (lost) {
    const fields = [...new Map(given.map((g) => [g.filter.rule.field, g.filter])).values()];
    const values = fields.map((f) => `${f.rule.field} ${JSON.stringify(valueOf(f, lost, r.x.started))}`);
    const gap = `item ${lost.id} (${values.join(', ')}) satisfies ${asked} but is missing`;
    const blame = (g: Given) =>
      combined
        ? `${id}.filter.combined`
        : otherCase(g, valueOf(g.filter, lost, r.x.started))
          ? `${id}.filter.${g.filter.name}.case-insensitive`
          : checkOf(list, g);
    for (const check of new Set((main.length ? main : given).flatMap((g) => [blame(g), ...also(g)]))) at(check, gap);
  }
  if (p && page === 1 && items.length === 0) {
    // §7, §2.1: a search with no matches; its totalPages 0 is D-03's.
    at(
      `${id}.filter.no-match`,
      b.success !== true || b.status !== 200
        ? `expected success true and status 200, ${got(r)}`
        : p.total !== 0
          ? `pagination.total ${p.total} with no items`
          : links?.previous !== null || links?.next !== null
            ? `links ${JSON.stringify(links)} of a search with no matches, expected previous and next null`
            : undefined,
    );
    at(
      `${id}.filter.no-match.total-pages`,
      p.total !== 0 || p.totalPages !== 0
        ? `pagination total ${p.total} and totalPages ${p.totalPages}, expected 0 and 0`
        : undefined,
    );
  }
  return checks;
}

/**
 * A requirement judged on the searches of `list` its id reads (`searchChecks`). `every`: the act's searches are
 * valid, so each must be one it reads, a 200 whose query names what it judges.
 */
export const searchJudge = (list: Operation, id: string, reads: string): Judge => ({
  operation: list.operationId,
  reads: `a search of ${list.operationId} ${reads}, answered 200`,
  on: (r) => searchChecks(list, r).has(id),
  gap: (r) => searchChecks(list, r).get(id),
  every: true,
});
/** D-70: a list search with an `:in` list past its bounds, refused with 422 in the error envelope (D-02). */
export const boundJudge = (list: Operation, filter: Filter): Judge => ({
  operation: list.operationId,
  reads: `a call of ${list.operationId} with ${filter.name} past D-70's bounds`,
  on: (r) =>
    r.o === list &&
    r.stage === 'read' &&
    !refusedQuery(list, queryOf(r)) &&
    queryOf(r).some(([k, v]) => k === filter.name && pastBounds(v)),
  gap: (r) => {
    const gap = envelopeGap(r, 422);
    return gap && `an :in list past D-70's bounds: ${gap}`;
  },
});

// ---------------------------------------------------------------------------------------------------------
// The acts: each test's own items, and the searches it makes of them.

/** One test's view of a list: its parent (if any), its items, fresh values for its fields. */
export class ListFixture {
  readonly api: Api;
  readonly list: Operation;
  readonly filters: Filter[];
  params: Record<string, number> = {};
  private readonly memo = new Map<string, Obj>();
  private readonly base = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  private readonly tag = uid('F').toUpperCase();
  constructor(api: Api, list: Operation) {
    this.api = api;
    this.list = list;
    this.filters = filtersOf(list);
  }
  /**
   * The same fixture (its items, values and parameters) with its requests sent through `api`: a requirement that
   * reads data another one made keeps its own exchanges, evidence and contract check.
   */
  through(api: Api): ListFixture {
    return Object.assign(Object.create(ListFixture.prototype) as ListFixture, this, { api });
  }
  static async open(api: Api, list: Operation): Promise<ListFixture> {
    const fixture = new ListFixture(api, list);
    fixture.params = await paramsFor(api, list.operationId);
    return fixture;
  }
  byField(field: string, op: XFilter['op']) {
    return this.filters.find((filter) => filter.rule.field === field && filter.rule.op === op);
  }

  /** Fields giving item `i` the i-th value of the filter's field (the same `i` gives the same value). */
  async fieldsFor(filter: Filter, i: number): Promise<Obj> {
    const key = `${filter.rule.field}:${i}`;
    if (!this.memo.has(key)) this.memo.set(key, await this.valueFor(filter, i));
    return { ...this.memo.get(key) };
  }
  private async valueFor(filter: Filter, i: number): Promise<Obj> {
    const field = filter.rule.field;
    if (filter.source === 'assigned') return {};
    if (filter.source === 'derived') return derived[field]!.states()[i]!;
    if (constrainedFields[field]) return constrainedFields[field](this.api, i);
    const schema = nonNull(filter.schema);
    switch (filter.kind) {
      case 'enum':
        return { [field]: schema.enum[i % schema.enum.length] };
      case 'int':
      case 'number':
        // A thousand apart: a target that hands the next free number (the largest + 1) to what others make meanwhile
        // never lands on the test's next value.
        return { [field]: this.base + i * 1000 };
      case 'boolean':
        return { [field]: i % 2 === 0 };
      case 'date':
        return { [field]: dateTime(Date.UTC(2030, 0, 1 + i)) };
      default: {
        // The shape of the value follows the document's example of the parameter (a URL, a path, a code).
        const example = String(filter.param.example ?? schema.example ?? '');
        const v = `${this.tag}-${i}`;
        return {
          [field]: /^https?:\/\//.test(example)
            ? `https://example.com/${v.toLowerCase()}`
            : example.startsWith('/')
              ? `/${v.toLowerCase()}`
              : v,
        };
      }
    }
  }
  make(fields: Obj = {}): Promise<Obj> {
    return makeItem(this.api, this.list, this.params, fields);
  }

  /** Narrows a query to the id range of the test's items (without touching the filter under test). */
  narrow(items: Obj[], except?: string): Obj {
    const q: Obj = {};
    const min = this.byField('id', 'gte');
    const max = this.byField('id', 'lte');
    if (min && min.name !== except) q[min.name] = Math.min(...items.map((i) => i.id));
    if (max && max.name !== except) q[max.name] = Math.max(...items.map((i) => i.id));
    return q;
  }
  /**
   * Every item a search answers, all pages (through `links.next`, whatever the target's page size); undefined when
   * the walk stopped before the last page. What each page answers is the judgement's (`searchJudge`); a `next` to a
   * page already read, or past the most pages a walk reads, only the walk knows (lib/lists.ts `endlessNext`).
   */
  async query(query: Obj): Promise<Obj[] | undefined> {
    let res = await this.api.untyped(this.list.operationId, { params: this.params, query });
    const items: Obj[] = [];
    const seen = new Set<string>([res.url]);
    for (let page = 1; res.status === 200 && Array.isArray(res.body?.data); page++) {
      items.push(...res.body.data);
      const next = res.body.links?.next;
      if (next === null || next === undefined) return items;
      if (endlessNext(res.body, next, new Set(), page)) return undefined;
      const wrong = endlessNext(res.body, next, seen, page);
      if (wrong) throw new Nonconformance(`${res.url}: links.next ${JSON.stringify(next)} ${wrong}`);
      seen.add(resolveLink(next));
      res = await follow(this.api, this.list, next, false);
    }
    return undefined;
  }
}

/**
 * What only the act knows of its search: items made by another requirement's act (`datedItems`), or whose value
 * another resource gives when read (`knowable`), must be there when they satisfy it; the judgement, whose memory
 * holds what this act's exchanges made, cannot tell. A walk that stopped early (`data` undefined) is the judgement's.
 */
export function expectFound(data: Obj[] | undefined, mine: Obj[], conds: Given[]): void {
  if (!data) return;
  const asked = conds.map((c) => `${c.filter.name}=${c.raw}`).join('&');
  const ids = data.map((d) => d?.id);
  for (const m of mine.filter((m) => conds.every((c) => matches(c.filter, valueOf(c.filter, m), c.raw))))
    expect(
      ids,
      `created item ${m.id} (${conds.map((c) => `${c.filter.rule.field} ${JSON.stringify(valueOf(c.filter, m))}`).join(', ')}) satisfies ${asked} but is missing`,
    ).toContain(m.id);
}
/** The created items a query's conditions keep, by the values the target answered for them. */
export const kept = (mine: Obj[], conds: Given[]) =>
  mine.filter((m) => conds.every((c) => matches(c.filter, valueOf(c.filter, m), c.raw)));
/**
 * The act's check of its own values, before it searches: the query keeps some and drops some of its items, and, at a
 * range's boundary, keeps (≥, ≤) or drops (>, <) the item there; else the search proves nothing.
 */
export function expectTelling(mine: Obj[], given: Given, at?: Obj): void {
  const expected = kept(mine, [given]);
  const what = `${given.filter.name}=${given.raw}`;
  expect(
    expected.length > 0 && expected.length < mine.length,
    `${what} should keep some and drop some of the created items ${mine.map((m) => m.id).join(', ')} (kept ${expected.map((m) => m.id).join(', ') || 'none'})`,
  ).toBe(true);
  if (at && isRange(given.filter))
    expect(expected.includes(at), `${what}: the item at the boundary value`).toBe(
      given.filter.rule.op === 'gte' || given.filter.rule.op === 'lte',
    );
}

export const isAssignedDate = (filter: Filter) => filter.source === 'assigned' && filter.kind === 'date';

/** A test's items, made through its list fixture; `shared`: by another requirement's act. */
export interface OwnItems {
  fixture: ListFixture;
  mine: Obj[];
  shared?: true;
}

/**
 * Searches one filter value, narrowed to the test's items; what only the act knows of it (`expectFound`) is checked
 * here, the rest by the judgement.
 */
export async function checkFilter({ fixture, mine, shared }: OwnItems, filter: Filter, raw: string): Promise<void> {
  const data = await fixture.query({ [filter.name]: raw, ...fixture.narrow(mine, filter.name) });
  if (shared || !knowable(fixture.list, filter)) expectFound(data, mine, [{ filter, raw }]);
}

/** A test's own items, one per value of the filter's field (each state of a derived field). */
export async function itemsPerValue(api: Api, list: Operation, filter: Filter): Promise<OwnItems> {
  const fixture = await ListFixture.open(api, list);
  const n = filter.source === 'derived' ? derived[filter.rule.field]!.states().length : 3;
  const mine: Obj[] = [];
  for (let i = 0; i < n; i++) mine.push(await fixture.make(await fixture.fieldsFor(filter, i)));
  return { fixture, mine };
}

/**
 * Items whose server-assigned date-times differ: two made a tick apart, so each has its own second. Made once per
 * list operation and worker, and shared by its date filters (which run in order in one worker): a wait per test
 * made them a third of the suite's wall time.
 */
export function datedItems(api: Api, list: Operation): Promise<OwnItems> {
  return sharedInWorker(`dated items of ${list.operationId}`, async () => {
    const fixture = await ListFixture.open(api, list);
    const earlier = await fixture.make();
    await sleep(TICK);
    return { fixture, mine: [earlier, await fixture.make()] };
  }).then(({ fixture, mine }) => ({ fixture: fixture.through(api), mine, shared: true as const }));
}
/**
 * The item whose value a range query takes, at its boundary: the middle one of items made per value; of the two dated
 * items, the later one for ≥ and <, the earlier one for ≤ and >. Each operator then keeps some items and drops others,
 * and keeps (≥, ≤) or drops (>, <) the one at the boundary.
 */
export const boundaryOf = (filter: Filter, mine: Obj[]): Obj =>
  (isAssignedDate(filter) && (filter.rule.op === 'lte' || filter.rule.op === 'gt') ? mine[0] : mine[1])!;
