// Filters (§4.4, §3, §7, D-10) for EVERY list operation and EVERY query parameter the document marks with
// `x-filter`: each test creates its own items with distinct values of the field and queries with a value taken from
// them (for a range, the value of the item at its boundary, so `:min`/`:after` and `:max`/`:before` are told apart
// exactly there). Its judgement (shared.ts `searchJudge`) reads each search it made: (a) every returned item
// satisfies the predicate and (b) none of the items the exchanges before it made that satisfies it is missing.
// Queries are narrowed to the test's own id range; every test also checks it keeps some and drops some of its items,
// so no check is vacuous.
// Basis: a filter the §4.4 table lists is a `source` requirement quoting its entry (the table is read by
// lists.ts `filterQuote`); it names no page size (pages are followed through `links.next`). What the source does
// not say is a `decision`: date-times written with `Z` or a fraction (D-10), the quoting of a comma on `:in`
// filters other than `sku:in` and the AND of two filters (D-62; but of `resource` and `resourceId:in`, which §4.4
// says to supply together), `totalPages` 0 of an empty search (D-03).
import { expect, requirement, together, type Options } from '../../lib/requirement.ts';
import { operations, type Operation, type XFilter } from '../../lib/contract.ts';
import { paramsFor, uid } from '../../lib/fixtures.ts';
import { createOf, filterQuote, quoteList } from '../../lib/lists.ts';
import type { Api } from '../../lib/api.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import {
  answeredDateTime,
  boundaryOf,
  boundJudge,
  checkFilter,
  datedItems,
  expectFound,
  expectTelling,
  filtersOf,
  IN_MAX_CHARACTERS,
  IN_MAX_VALUES,
  isAssignedDate,
  isRange,
  itemsPerValue,
  kept,
  knowable,
  ListFixture,
  searchJudge,
  spellings,
  valueOf,
  withOffset,
  zuluSpellings,
  type Filter,
  type Obj,
} from './shared.ts';

const opText: Record<XFilter['op'], string> = { eq: 'equals', in: 'is one of', gte: '≥', lte: '≤', gt: '>', lt: '<' };
const sourceOf = (filter: Filter) => ['§4.4', ...(filter.source === 'derived' ? ['§3'] : [])];
/**
 * What a filter's requirement rests on, its citations and options, cited with `sources`: the filter's §4.4 entry,
 * quoted; or, for a filter the source does not list (of a resource it does not know), the decisions its list
 * operation names (`x-decision`). `judge`: its judgement.
 */
function restsOn(list: Operation, filter: Filter, sources: string[], judge: Judge): [string[], Options] {
  const quote = filterQuote(list, filter.name, filter.rule.op);
  if (quote) return [sources, { quote, judge }];
  if (!list.decision.length)
    throw new Error(
      `filters.spec.ts: ${list.operationId} ${filter.name} is not in §4.4, and the list names no decision`,
    );
  return [[...sources, ...list.decision], { judge }];
}
const lists = operations.filter((o) => o.method === 'GET' && o.parameters.some((p) => p['x-filter']) && createOf(o));

for (const list of lists) {
  const filters = filtersOf(list);
  const ids = `${list.operationId}.filter`;
  for (const filter of filters) if (!isAssignedDate(filter)) declare(filter);
  // In one test, so that they share datedItems().
  together(() => {
    for (const filter of filters.filter(isAssignedDate)) declare(filter);
    const dates = filters.filter((filter) => filter.kind === 'date');
    if (dates.length) {
      const input = searchJudge(list, `${ids}.date-time-input`, 'by a date-time written with Z or a fraction');
      requirement(`${ids}.date-time-input`, '§4.4 D-10', { judge: input }).test(
        `${dates.map((filter) => filter.name).join(', ')} also take the value written with Z and with fractional seconds`,
        async ({ api }) => {
          for (const filter of dates) {
            const own = isAssignedDate(filter) ? await datedItems(api, list) : await itemsPerValue(api, list, filter);
            for (const raw of zuluSpellings(answeredDateTime(filter, boundaryOf(filter, own.mine)))) {
              expectTelling(own.mine, { filter, raw }, boundaryOf(filter, own.mine));
              await checkFilter(own, filter, raw);
            }
          }
        },
      );
      // A bound between two seconds, written with a fraction and in two offsets: the item of the earlier second is
      // below it, so `:min` and `:after` drop it and `:max` and `:before` keep it (a bound read without its fraction
      // would be that item's own second), and the other way round for the later item.
      const ranges = dates.filter((filter) => isAssignedDate(filter) && filter.rule.op !== 'eq');
      const fraction = searchJudge(list, `${ids}.date-time-fraction`, 'by a date-time bound with a fraction');
      // A decision, as date-time-input's: §4.4 says "ISO-8601 with an offset"; taking `Z` and a fraction on input,
      // and comparing with the fraction, is D-10's reading of it.
      if (ranges.length)
        requirement(`${ids}.date-time-fraction`, '§4.4 D-10', { judge: fraction }).test(
          `${ranges.map((filter) => filter.name).join(', ')} compare with a bound's fraction of a second, whatever its offset`,
          async ({ api }) => {
            const own = await datedItems(api, list);
            for (const filter of ranges) {
              const bound = Date.parse(answeredDateTime(filter, own.mine[0]!)) + 500;
              for (const raw of [new Date(bound).toISOString(), withOffset(bound, -330)]) {
                expect(
                  kept(own.mine, [{ filter, raw }]).includes(own.mine[0]!),
                  `${filter.name}=${raw}: the item half a second before the bound`,
                ).toBe(filter.rule.op === 'lte' || filter.rule.op === 'lt');
                await checkFilter(own, filter, raw);
              }
            }
          },
        );
    }
  });
  function declare(filter: Filter) {
    const id = `${ids}.${filter.name}`;
    const range = isRange(filter);
    const filterId = `${id}${range ? '.boundary' : ''}`;
    const judge = searchJudge(list, filterId, `by ${filter.name}`);
    requirement(filterId, ...restsOn(list, filter, sourceOf(filter), judge)).test(
      `${filter.name} returns exactly the items whose ${filter.rule.field} ${opText[filter.rule.op]} the value${range ? ', at the boundary value' : ''}${filter.kind === 'date' ? ', whatever the offset it is written in' : ''}`,
      async ({ api }) => {
        const own = isAssignedDate(filter) ? await datedItems(api, list) : await itemsPerValue(api, list, filter);
        const { mine } = own;
        const at = boundaryOf(filter, mine);
        const raws =
          filter.rule.op === 'in'
            ? [quoteList([valueOf(filter, mine[0]!), valueOf(filter, mine[2]!)])]
            : filter.rule.op === 'eq'
              ? [...new Set(mine.map((m) => String(valueOf(filter, m))))]
              : filter.kind === 'date'
                ? spellings(answeredDateTime(filter, at))
                : [String(valueOf(filter, at))];
        for (const raw of raws) {
          expectTelling(mine, { filter, raw }, at);
          await checkFilter(own, filter, raw);
        }
      },
    );

    if (filter.rule.op === 'eq' && filter.rule.empty === 'none') {
      const empty = searchJudge(list, `${id}.empty`, `by an empty ${filter.name}=`);
      requirement(`${id}.empty`, ...restsOn(list, filter, ['§4.4'], empty)).test(
        `an empty ${filter.name}= returns only items whose ${filter.rule.field} is null, the created one included`,
        async ({ api }) => {
          const fixture = await ListFixture.open(api, list);
          const mine = [
            await fixture.make({ [filter.rule.field]: null }),
            await fixture.make(await fixture.fieldsFor(filter, 1)),
          ];
          expectTelling(mine, { filter, raw: '' });
          await checkFilter({ fixture, mine }, filter, '');
        },
      );
    }
    if (filter.rule.op === 'in') {
      requirement(`${id}.bound`, '§4.4 D-70', { judge: boundJudge(list, filter) }).test(
        `${filter.name} refuses a list of more than ${IN_MAX_VALUES} values, or of more than ${IN_MAX_CHARACTERS} characters, with 422`,
        async ({ api }) => {
          const params = await paramsFor(api, list.operationId);
          const values = Array.from({ length: IN_MAX_VALUES + 1 }, (_, i) => String(i + 1)).join(',');
          await api.untyped(list.operationId, { params, query: { [filter.name]: values } });
          // One value of 12,001 digits.
          const long = '1'.repeat(IN_MAX_CHARACTERS + 1);
          await api.untyped(list.operationId, { params, query: { [filter.name]: long } });
        },
      );
    }
    if (filter.rule.op === 'in' && filter.kind === 'string' && filter.source === 'writable') {
      // §4.4 gives the quoting for `sku:in`; for the other `:in` filters it is D-62's.
      const entry = filterQuote(list, filter.name, filter.rule.op);
      const quote = entry?.includes('double quotes') ? entry : undefined;
      const judge = searchJudge(list, `${id}.quoted-comma`, `by ${filter.name} with a value in double quotes`);
      requirement(`${id}.quoted-comma`, quote ? '§4.4' : '§4.4 D-62', { quote, judge }).test(
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
          expect(kept(mine, [{ filter, raw }]), 'the query keeps the first two items').toEqual(mine.slice(0, 2));
          await fixture.query({ [filter.name]: raw });
        },
      );
    }
    if (filter.rule.op === 'in' && filter.rule.caseInsensitive) {
      const judge = searchJudge(list, `${id}.case-insensitive`, `by ${filter.name} with a value in another case`);
      requirement(`${id}.case-insensitive`, ...restsOn(list, filter, ['§4.4'], judge)).test(
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
          await fixture.query({ [filter.name]: raw });
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
    const judge = searchJudge(list, `${ids}.combined`, 'by two filters of different fields');
    requirement(`${ids}.combined`, pairQuote ? '§4.4' : '§4.4 D-62', { quote: pairQuote, judge }).test(
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
        expect(kept(mine, conds), 'the query keeps only the item satisfying both filters').toEqual([mine[1]]);
        const data = await fixture.query({ [eqFilter.name]: conds[0]!.raw, [inFilter.name]: conds[1]!.raw });
        if (!conds.every((c) => knowable(list, c.filter))) expectFound(data, mine, conds);
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
    await api.untyped(list.operationId, { params: fixture.params, query });
  };
  const nothing = 'with a filter that found nothing (page 1, no items)';
  requirement(`${ids}.no-match`, '§7 §2.1', {
    quote: 'A list search with no matches is a success with an empty `data` array.',
    judge: searchJudge(list, `${ids}.no-match`, nothing),
  })
    .test(
      'a filter matching nothing answers 200 with success, empty data, total 0 and no previous or next page',
      async ({ api }) => {
        await noMatch(api);
      },
    )
    .twin('total-pages', '§2.1 D-03', { judge: searchJudge(list, `${ids}.no-match.total-pages`, nothing) })
    .test('a search matching nothing has totalPages 0 (ceil(0 / limit))', async ({ api }) => {
      await noMatch(api);
    });
}
