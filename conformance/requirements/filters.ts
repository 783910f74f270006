// Filters (§4.4, §3, §7, D-10) for EVERY list operation and EVERY query parameter the document marks with
// `x-filter`: each test creates its own items with distinct values of the field, queries with a value taken from
// them (for a range, the value of the item at its boundary, so `:min`/`:after` and `:max`/`:before` are told apart
// exactly there), and checks (a) every returned item satisfies the predicate and (b) none of the created items
// that satisfies it is missing. Queries are narrowed to the test's own id range so other tests' data cannot push
// its items off page 1; every test also checks it keeps some and drops some of its items, so no check is vacuous.
// Basis: a filter the §4.4 table lists is a `source` requirement quoting its entry (the table is read by
// lists.ts `filterQuote`); it names no page size (pages are followed through `links.next`). What the source does
// not say is a `decision`: date-times written with `Z` or a fraction (D-10), the quoting of a comma on `:in`
// filters other than `sku:in` and the AND of two filters (D-62; but of `resource` and `resourceId:in`, which §4.4
// says to supply together), `totalPages` 0 of an empty search (D-03).
import { expect, requirement, together, type Options } from '../lib/requirement.ts';
import {
  nonNull,
  operations,
  parseList,
  type Json,
  type Operation,
  type Parameter,
  type XFilter,
} from '../lib/contract.ts';
import { constrainedFields, makeItem, paramsFor, sharedInWorker, uid } from '../lib/fixtures.ts';
import {
  createOf,
  filterQuote,
  itemSchema,
  kindOf,
  propertiesOf,
  quoteList,
  writableFields,
  type Kind,
} from '../lib/lists.ts';
import { Nonconformance, type Api } from '../lib/api.ts';
import { everyItem } from '../lib/expectations.ts';

type Obj = Record<string, Json>;
export interface Filter {
  param: Parameter;
  name: string;
  rule: XFilter;
  kind: Kind;
  schema: Json;
  source: 'writable' | 'assigned' | 'derived';
}

/** D-70: an `:in` list holds at most this many values, in at most this many characters. */
const IN_MAX_VALUES = 1000;
const IN_MAX_CHARACTERS = 12_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dateTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
const DAY = 86_400_000;
/**
 * The same instant written with another offset (`+02:00`): any offset is accepted on input (D-10). An instant given
 * in milliseconds keeps them (`…T04:30:42.500-05:30`).
 */
function withOffset(value: string | number, minutes: number): string {
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
function answeredDateTime(filter: Filter, item: Obj): string {
  const value = valueOf(filter, item);
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw new Nonconformance(
      `item ${JSON.stringify(item.id)}'s ${filter.rule.field} as the target answered it is no date-time: ${JSON.stringify(value)}`,
    );
  return value;
}
/** One instant as §4.4 has it ("ISO-8601 with an offset"): as read, and with another offset. */
const spellings = (value: string) => [value, withOffset(value, 120)];
/** The same instant as D-10 also accepts it: with `Z`, and with a fraction of a second. */
const zuluSpellings = (value: string) => [
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

/** The value a created item has for the filter's field: as returned, or as §3 derives it. */
const valueOf = (filter: Filter, item: Obj): Json =>
  filter.source === 'derived' ? derived[filter.rule.field]!.value(item, Date.now()) : item[filter.rule.field];

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

/** One test's view of a list: its parent (if any), its items, fresh values for its fields. */
class ListFixture {
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
  /** Every item the search finds, all pages (through `links.next`, whatever the target's page size). */
  query(query: Obj): Promise<Obj[]> {
    return everyItem(this.api, this.list, this.params, query);
  }
}

/**
 * (a) every returned item satisfies every condition; (b) every created item that satisfies them is returned; for
 * a derived field, the created items carry the value §3 gives them. Returns the created items expected back.
 */
function verify(data: Obj[], mine: Obj[], conds: { filter: Filter; raw: string }[]): Obj[] {
  const asked = conds.map((c) => `${c.filter.name}=${c.raw}`).join('&');
  for (const item of data) {
    for (const c of conds) {
      expect(
        matches(c.filter, item[c.filter.rule.field], c.raw),
        `item ${item.id} with ${c.filter.rule.field} ${JSON.stringify(item[c.filter.rule.field])} was returned for ${asked}`,
      ).toBe(true);
    }
  }
  const expected = mine.filter((m) => conds.every((c) => matches(c.filter, valueOf(c.filter, m), c.raw)));
  const ids = data.map((d) => d.id);
  for (const m of expected) {
    expect(
      ids,
      `created item ${m.id} (${conds.map((c) => `${c.filter.rule.field} ${JSON.stringify(valueOf(c.filter, m))}`).join(', ')}) satisfies ${asked} but is missing`,
    ).toContain(m.id);
  }
  for (const c of conds.filter((k) => k.filter.source === 'derived')) {
    for (const m of mine) {
      const got = data.find((d) => d.id === m.id);
      if (got)
        expect(got[c.filter.rule.field], `item ${m.id}: ${c.filter.rule.field} as §3 derives it`).toBe(
          valueOf(c.filter, m),
        );
    }
  }
  return expected;
}
/** The query must keep some and drop some of the test's items, or it proves nothing. */
function expectDiscriminating(expected: Obj[], mine: Obj[], what: string) {
  expect(
    expected.length > 0 && expected.length < mine.length,
    `${what} should keep some and drop some of the created items ${mine.map((m) => m.id).join(', ')} (kept ${expected.map((m) => m.id).join(', ') || 'none'})`,
  ).toBe(true);
}

const opText: Record<XFilter['op'], string> = { eq: 'equals', in: 'is one of', gte: '≥', lte: '≤', gt: '>', lt: '<' };
const sourceOf = (filter: Filter) => ['§4.4', ...(filter.source === 'derived' ? ['§3'] : [])];
/**
 * What a filter's requirement rests on, its citations and options, cited with `sources`: the filter's §4.4 entry,
 * quoted; or, for a filter the source does not list (of a resource it does not know), the decisions its list
 * operation names (`x-decision`).
 */
function restsOn(list: Operation, filter: Filter, sources: string[]): [string[], Options] {
  const quote = filterQuote(list, filter.name, filter.rule.op);
  if (quote) return [sources, { quote }];
  if (!list.decision.length)
    throw new Error(
      `filters.spec.ts: ${list.operationId} ${filter.name} is not in §4.4, and the list names no decision`,
    );
  return [[...sources, ...list.decision], {}];
}
const lists = operations.filter((o) => o.method === 'GET' && o.parameters.some((p) => p['x-filter']) && createOf(o));

const isAssignedDate = (filter: Filter) => filter.source === 'assigned' && filter.kind === 'date';

/** Queries one filter value, narrowed to the test's items: exact, discriminating, and right at a range's boundary. */
async function checkFilter(fixture: ListFixture, mine: Obj[], filter: Filter, raw: string): Promise<void> {
  const expected = verify(await fixture.query({ [filter.name]: raw, ...fixture.narrow(mine, filter.name) }), mine, [
    { filter, raw },
  ]);
  expectDiscriminating(expected, mine, `${filter.name}=${raw}`);
  if (['gte', 'lte', 'gt', 'lt'].includes(filter.rule.op))
    expect(
      expected.map((m) => m.id).includes(boundaryOf(filter, mine).id),
      `the item at the boundary value ${raw}`,
    ).toBe(filter.rule.op === 'gte' || filter.rule.op === 'lte');
}

/** A test's items, made through its list fixture. */
interface OwnItems {
  fixture: ListFixture;
  mine: Obj[];
}

/** A test's own items, one per value of the filter's field (each state of a derived field). */
async function itemsPerValue(api: Api, list: Operation, filter: Filter): Promise<OwnItems> {
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
function datedItems(api: Api, list: Operation): Promise<OwnItems> {
  return sharedInWorker(`dated items of ${list.operationId}`, async () => {
    const fixture = await ListFixture.open(api, list);
    const earlier = await fixture.make();
    await sleep(TICK);
    return { fixture, mine: [earlier, await fixture.make()] };
  }).then(({ fixture, mine }) => ({ fixture: fixture.through(api), mine }));
}
/**
 * The item whose value a range query takes, at its boundary: the middle one of items made per value; of the two dated
 * items, the later one for ≥ and <, the earlier one for ≤ and >. Each operator then keeps some items and drops others,
 * and keeps (≥, ≤) or drops (>, <) the one at the boundary.
 */
const boundaryOf = (filter: Filter, mine: Obj[]): Obj =>
  (isAssignedDate(filter) && (filter.rule.op === 'lte' || filter.rule.op === 'gt') ? mine[0] : mine[1])!;

for (const list of lists) {
  const filters = filtersOf(list);
  for (const filter of filters) if (!isAssignedDate(filter)) declare(filter);
  // In one test, so that they share datedItems().
  together(() => {
    for (const filter of filters.filter(isAssignedDate)) declare(filter);
    const dates = filters.filter((filter) => filter.kind === 'date');
    if (dates.length) {
      requirement(`${list.operationId}.filter.date-time-input`, '§4.4 D-10').test(
        `${dates.map((filter) => filter.name).join(', ')} also take the value written with Z and with fractional seconds`,
        async ({ api }) => {
          for (const filter of dates) {
            const { fixture, mine } = isAssignedDate(filter)
              ? await datedItems(api, list)
              : await itemsPerValue(api, list, filter);
            for (const raw of zuluSpellings(answeredDateTime(filter, boundaryOf(filter, mine))))
              await checkFilter(fixture, mine, filter, raw);
          }
        },
      );
      // A bound between two seconds, written with a fraction and in two offsets: the item of the earlier second is
      // below it, so `:min` and `:after` drop it and `:max` and `:before` keep it (a bound read without its fraction
      // would be that item's own second), and the other way round for the later item.
      const ranges = dates.filter((filter) => isAssignedDate(filter) && filter.rule.op !== 'eq');
      // A decision, as date-time-input's: §4.4 says "ISO-8601 with an offset"; taking `Z` and a fraction on input,
      // and comparing with the fraction, is D-10's reading of it.
      if (ranges.length)
        requirement(`${list.operationId}.filter.date-time-fraction`, '§4.4 D-10').test(
          `${ranges.map((filter) => filter.name).join(', ')} compare with a bound's fraction of a second, whatever its offset`,
          async ({ api }) => {
            const { fixture, mine } = await datedItems(api, list);
            for (const filter of ranges) {
              const bound = Date.parse(answeredDateTime(filter, mine[0]!)) + 500;
              for (const raw of [new Date(bound).toISOString(), withOffset(bound, -330)]) {
                const expected = verify(
                  await fixture.query({ [filter.name]: raw, ...fixture.narrow(mine, filter.name) }),
                  mine,
                  [{ filter, raw }],
                );
                expect(
                  expected.map((m) => m.id).includes(mine[0]!.id),
                  `${filter.name}=${raw}: the item half a second before the bound`,
                ).toBe(filter.rule.op === 'lte' || filter.rule.op === 'lt');
              }
            }
          },
        );
    }
  });
  function declare(filter: Filter) {
    const id = `${list.operationId}.filter.${filter.name}`;
    const range = ['gte', 'lte', 'gt', 'lt'].includes(filter.rule.op);
    requirement(`${id}${range ? '.boundary' : ''}`, ...restsOn(list, filter, sourceOf(filter))).test(
      `${filter.name} returns exactly the items whose ${filter.rule.field} ${opText[filter.rule.op]} the value${range ? ', at the boundary value' : ''}${filter.kind === 'date' ? ', whatever the offset it is written in' : ''}`,
      async ({ api }) => {
        const { fixture, mine } = isAssignedDate(filter)
          ? await datedItems(api, list)
          : await itemsPerValue(api, list, filter);
        const at = boundaryOf(filter, mine);
        const raws =
          filter.rule.op === 'in'
            ? [quoteList([valueOf(filter, mine[0]!), valueOf(filter, mine[2]!)])]
            : filter.rule.op === 'eq'
              ? [...new Set(mine.map((m) => String(valueOf(filter, m))))]
              : filter.kind === 'date'
                ? spellings(answeredDateTime(filter, at))
                : [String(valueOf(filter, at))];
        for (const raw of raws) await checkFilter(fixture, mine, filter, raw);
      },
    );

    if (filter.rule.op === 'eq' && filter.rule.empty === 'none') {
      requirement(`${id}.empty`, ...restsOn(list, filter, ['§4.4'])).test(
        `an empty ${filter.name}= returns only items whose ${filter.rule.field} is null, the created one included`,
        async ({ api }) => {
          const fixture = await ListFixture.open(api, list);
          const mine = [
            await fixture.make({ [filter.rule.field]: null }),
            await fixture.make(await fixture.fieldsFor(filter, 1)),
          ];
          const expected = verify(
            await fixture.query({ [filter.name]: '', ...fixture.narrow(mine, filter.name) }),
            mine,
            [{ filter, raw: '' }],
          );
          expectDiscriminating(expected, mine, `${filter.name}=`);
        },
      );
    }
    if (filter.rule.op === 'in') {
      requirement(`${id}.bound`, '§4.4 D-70').test(
        `${filter.name} refuses a list of more than ${IN_MAX_VALUES} values, or of more than ${IN_MAX_CHARACTERS} characters, with 422`,
        async ({ api }) => {
          const params = await paramsFor(api, list.operationId);
          for (const [what, raw] of [
            [
              `${IN_MAX_VALUES + 1} values`,
              Array.from({ length: IN_MAX_VALUES + 1 }, (_, i) => String(i + 1)).join(','),
            ],
            [`one value of ${IN_MAX_CHARACTERS + 1} digits`, '1'.repeat(IN_MAX_CHARACTERS + 1)],
          ] as [string, string][]) {
            const res = await api.untyped(list.operationId, { params, query: { [filter.name]: raw } });
            expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(422);
            expect(res.body?.success, what).toBe(false);
            expect(res.body?.status, what).toBe(422);
          }
        },
      );
    }
    if (filter.rule.op === 'in' && filter.kind === 'string' && filter.source === 'writable') {
      // §4.4 gives the quoting for `sku:in`; for the other `:in` filters it is D-62's.
      const entry = filterQuote(list, filter.name, filter.rule.op);
      const quote = entry?.includes('double quotes') ? entry : undefined;
      requirement(`${id}.quoted-comma`, quote ? '§4.4' : '§4.4 D-62', {
        quote,
      }).test(
        `${filter.name} reads a value wrapped in double quotes as one value, commas included`,
        async ({ api }) => {
          const fixture = await ListFixture.open(api, list);
          const withComma = await fixture.fieldsFor(filter, 0);
          withComma[filter.rule.field] = `${withComma[filter.rule.field]},Q`;
          const mine = [
            await fixture.make(withComma),
            await fixture.make(await fixture.fieldsFor(filter, 1)),
            await fixture.make(await fixture.fieldsFor(filter, 2)),
          ];
          const raw = quoteList([mine[0]![filter.rule.field], mine[1]![filter.rule.field]]);
          expect(raw.startsWith('"'), 'the query wraps the value holding a comma in double quotes').toBe(true);
          const expected = verify(await fixture.query({ [filter.name]: raw }), mine, [{ filter, raw }]);
          expect(expected.map((m) => m.id)).toEqual([mine[0]!.id, mine[1]!.id]);
        },
      );
    }
    if (filter.rule.op === 'in' && filter.rule.caseInsensitive) {
      requirement(`${id}.case-insensitive`, ...restsOn(list, filter, ['§4.4'])).test(
        `${filter.name} matches regardless of case (a lower-case query finds the upper-case value)`,
        async ({ api }) => {
          const fixture = await ListFixture.open(api, list);
          const mine = [
            await fixture.make(await fixture.fieldsFor(filter, 0)),
            await fixture.make(await fixture.fieldsFor(filter, 1)),
          ];
          const stored = String(mine[0]![filter.rule.field]);
          const raw = stored.toLowerCase();
          expect(raw, 'the created value has upper-case letters').not.toBe(stored);
          const data = await fixture.query({ [filter.name]: raw });
          expect(
            data.map((d) => d.id),
            `${filter.name}=${raw} finds ${stored}`,
          ).toEqual([mine[0]!.id]);
        },
      );
    }
  }

  // Two filters on different fields combine with AND: an equality (an enum first, where values repeat freely)
  // and a list on another field. Items A, B, C: the equality keeps B and C, the list keeps A and B.
  const rank = (filter: Filter) =>
    (({ enum: 0, int: 1, number: 1, string: 2 }) as Record<string, number>)[filter.kind] ?? 3;
  const eqFilter = filters
    .filter((filter) => filter.rule.op === 'eq' && filter.source === 'writable')
    .sort((a, b) => rank(a) - rank(b))[0];
  const inFilter =
    eqFilter &&
    filters
      .filter(
        (filter) => filter.rule.op === 'in' && filter.rule.field !== eqFilter.rule.field && filter.source !== 'derived',
      )
      .sort((a, b) => Number(a.rule.field === 'id') - Number(b.rule.field === 'id'))[0];
  /**
   * The fields of an item holding the equality's value and the list's: a constrained value of one field may set
   * another (a redirect's resourceId comes with its kind, lib/fixtures.ts), and each filtered field keeps its own.
   */
  const both = async (fixture: ListFixture, [eq, e]: [Filter, number], [list, i]: [Filter, number]) => {
    const [a, b] = [await fixture.fieldsFor(eq, e), await fixture.fieldsFor(list, i)];
    return { ...a, ...b, [eq.rule.field]: a[eq.rule.field], [list.rule.field]: b[list.rule.field] };
  };
  // §4.4 asks for two of them together ("resourceId:in (supply `resource` with it …)"): that pair's AND is the
  // source's; any other pair's is D-62's.
  const inQuote = inFilter && filterQuote(list, inFilter.name, 'in');
  const pairQuote = eqFilter && inQuote?.includes(`supply \`${eqFilter.name}\` with it`) ? inQuote : undefined;
  if (eqFilter && inFilter) {
    requirement(`${list.operationId}.filter.combined`, pairQuote ? '§4.4' : '§4.4 D-62', { quote: pairQuote }).test(
      `two filters (${eqFilter.name} and ${inFilter.name}) combine with AND`,
      async ({ api }) => {
        const fixture = await ListFixture.open(api, list);
        const mine: Obj[] = [];
        for (const [i, e] of [0, 1, 1].entries())
          mine.push(await fixture.make(await both(fixture, [eqFilter, e], [inFilter, i])));
        const conds = [
          { filter: eqFilter, raw: String(valueOf(eqFilter, mine[1]!)) },
          { filter: inFilter, raw: quoteList([valueOf(inFilter, mine[0]!), valueOf(inFilter, mine[1]!)]) },
        ];
        const expected = verify(
          await fixture.query({ [eqFilter.name]: conds[0]!.raw, [inFilter.name]: conds[1]!.raw }),
          mine,
          conds,
        );
        expect(
          expected.map((m) => m.id),
          'only the item satisfying both filters',
        ).toEqual([mine[1]!.id]);
      },
    );
  }

  /** A search that matches nothing, for the test's own fresh item's list. */
  const noMatch = async (api: Api) => {
    const fixture = await ListFixture.open(api, list);
    const item = await fixture.make();
    const str = filters.find(
      (filter) =>
        filter.kind === 'string' &&
        filter.source === 'writable' &&
        (filter.rule.op === 'eq' || filter.rule.op === 'in'),
    );
    const date = filters.find((filter) => filter.kind === 'date' && filter.rule.op === 'gte');
    const after = fixture.byField('id', 'gt');
    const query: Obj = str
      ? { [str.name]: uid('none') }
      : date
        ? { [date.name]: '2999-12-31T23:59:59+00:00' }
        : { [after!.name]: item.id };
    return api.untyped(list.operationId, { params: fixture.params, query });
  };
  requirement(`${list.operationId}.filter.no-match`, '§7 §2.1', {
    quote: 'A list search with no matches is a success with an empty `data` array.',
  })
    .test(
      'a filter matching nothing answers 200 with success, empty data, total 0 and no previous or next page',
      async ({ api }) => {
        const res = await noMatch(api);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, status: 200, data: [] });
        expect(res.body?.pagination).toMatchObject({ total: 0 });
        expect(res.body?.links).toMatchObject({ previous: null, next: null });
      },
    )
    .twin('total-pages', '§2.1 D-03')
    .test('a search matching nothing has totalPages 0 (ceil(0 / limit))', async ({ api }) => {
      const res = await noMatch(api);
      expect(res.status).toBe(200);
      expect(res.body?.pagination).toMatchObject({ total: 0, totalPages: 0 });
    });
}
