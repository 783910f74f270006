// A list's filters as SQL, compiled from its operation's `x-filter` declarations (§4.4), so that neither the filter
// semantics nor the filtered fields are written twice.
import type { SQLInputValue } from 'node:sqlite';
import { operationById, parseList, type XFilter } from '../../openapi/contract.ts';
import { normaliseDateTime, type Row } from './db.ts';
import type { Column, Kind } from './columns.ts';
import type { Computed, Obj } from './types.ts';

/** The `:in` value syntax (§4.4, D-62), as a seam of each app: lists read values through it. */
export interface ListSyntax {
  parse(raw: string): string[];
}
export const defaultListSyntax = (): ListSyntax => ({ parse: parseList });

/** One filter parameter of a list, with the kind of the column it filters. */
export interface Filter {
  param: string;
  filter: XFilter;
  kind: Kind;
}

/** The filters of the list operation `listOperation`, from its parameters' `x-filter`s. */
export function filtersOf(listOperation: string | undefined, columns: Column[]): Filter[] {
  const list = listOperation ? operationById.get(listOperation) : undefined;
  return (list?.parameters ?? [])
    .filter((p) => p['x-filter'])
    .map((p) => {
      const f = p['x-filter']!;
      const column = columns.find((c) => c.name === f.field);
      return { param: p.name, filter: f, kind: column?.kind ?? 'string' };
    });
}

/** A condition of a page that its count takes as a difference: the count without it, less that with `other`. */
export interface Complement {
  condition: string;
  other: string;
}

/**
 * Adds to `where` (with their arguments in `args`, named `$f0`, `$f1`, …) the conditions of the filters that `query`
 * sets; a derived field's condition goes through its SQL expression, or its indexed equivalent (`computed`'s `where`).
 * Returns the condition to count by subtraction (`complement`), if one was added.
 */
export function addFilters(
  query: Obj,
  filters: Filter[],
  computed: Record<string, Computed> | undefined,
  listSyntax: ListSyntax,
  where: string[],
  args: Row,
): Complement | undefined {
  let complement: Complement | undefined;
  let n = 0;
  for (const { param, filter, kind } of filters) {
    const raw = query[param];
    if (raw === undefined) continue;
    const derived = computed?.[filter.field];
    if (filter.op === 'eq' && derived?.where?.[String(raw)]) {
      where.push(derived.where[String(raw)]!);
      continue;
    }
    const expr = derived?.sql ?? `"${filter.field}"`;
    const value = (v: unknown) =>
      kind === 'datetime'
        ? normaliseDateTime(String(v), filter.op === 'gte' || filter.op === 'lt' ? 'ceil' : 'floor')
        : kind === 'integer' || kind === 'number'
          ? Number(v)
          : kind === 'boolean'
            ? v === true || v === 'true'
              ? 1
              : 0
            : String(v);
    const arg = (v: SQLInputValue) => {
      const k = `f${n++}`;
      args[k] = v;
      return `$${k}`;
    };
    const ci = filter.caseInsensitive ? ' COLLATE NOCASE' : '';
    if (filter.op === 'in') {
      // The whole list is one argument, a JSON array that SQLite reads as a table: binding it costs its length,
      // and the SQL text (so the prepared statement) is the same for every length. The filter's index is still
      // searched once per value.
      const values = listSyntax.parse(String(raw)).map(value);
      where.push(`${expr}${ci} IN (SELECT value FROM json_each(${arg(JSON.stringify(values))}))`);
    } else if (filter.op === 'eq' && filter.empty === 'none' && raw === '') {
      where.push(`${expr} IS NULL`);
    } else {
      const op = { eq: '=', gte: '>=', lte: '<=', gt: '>', lt: '<' }[filter.op];
      const condition = `${expr}${ci} ${op} ${arg(value(raw))}`;
      where.push(condition);
      const other = filter.op === 'eq' ? derived?.where?.[derived.complement?.[String(raw)] ?? ''] : undefined;
      if (other) complement = { condition, other };
    }
  }
  return complement;
}
