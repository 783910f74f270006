// Page planning: how many rows a list matches, and the SQL that selects one page's ids from indexes, picked from that
// count (walk the ids in order, or sort the matches) and from the page's place (skip from the nearer end, or start at
// an anchor, store/anchors.ts). Page numbers (D-03) mean skipping rows, which no index avoids; this keeps the skips
// short (scripts/README.md, performance notes).
import { anchorFor, STEP } from './anchors.ts';
import { sql, type Db, type Row } from './db.ts';
import type { Complement } from './filters.ts';
import { keptQuery, type KeptValues } from './kept.ts';
import type { Obj } from './types.ts';

/** A page: how many rows match, and the SQL after `FROM "<table>"` that selects its ids (`window`, with its `args`;
 * none past the end). */
export interface Page {
  total: number;
  window?: string;
  args: Row;
}

/** The named arguments that an SQL text uses (node:sqlite refuses unknown names), read in one pass over the text. */
function usedArgs(args: Row, text: string): Row {
  const used: Row = {};
  for (const [, k] of text.matchAll(/\$(\w+)/g)) if (Object.hasOwn(args, k!)) used[k!] = args[k!]!;
  return used;
}

/** About how many rows `table` holds (its highest id), without counting them. */
function size(db: Db, table: string): number {
  return Number((sql(db, `SELECT coalesce(max(id), 0) AS n FROM "${table}"`).get() as Row).n);
}

/**
 * The page `query` (`page`, `limit`) asks for among the rows of `table` that meet every condition of `where` (with
 * their `args`); `complement`: one of them to count by subtraction (filters.ts). With `kept` (outside a transaction), counts
 * are kept between changes.
 */
export function planPage(
  db: Db,
  table: string,
  query: Obj,
  where: string[],
  args: Row,
  complement: Complement | undefined,
  kept?: KeptValues<string, unknown>,
): Page {
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = (conditions: string[]) => {
    const text = `SELECT count(*) AS n FROM "${table}"${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`;
    const used = usedArgs(args, text);
    return keptQuery(kept, text, used, () => Number((sql(db, text).get(used) as Row).n));
  };
  // Counting the matches of an expression reads every row; its complement's indexed condition reads only its own.
  const rest = where.filter((w) => w !== complement?.condition);
  const total = complement ? count(rest) - count([...rest, complement.other]) : count(where);
  const limit = Number(query.limit ?? 100);
  const offset = (Number(query.page ?? 1) - 1) * limit;
  // SQLite (built without STAT4) cannot tell how selective a filter is, so it walks the table in id order to
  // spare a sort: every row when few match. `total` says how many match: take them from the filter's index
  // and sort them (`+id`) unless the walk is much shorter, about (offset + limit) × rows / total table rows,
  // each read in full where the sort reads one index entry (hence 10×; matches that cluster, such as the
  // newest, make the walk longer still).
  const order = where.length && total * total < 10 * (offset + limit) * size(db, table) ? '+id' : 'id';
  if (offset >= total) return { total, args };
  // A deep page of the whole table starts at the anchor before it (store/anchors.ts); otherwise, past the middle,
  // skipping from the end skips fewer (the last page of 1M products: none instead of 999,900). `total` is exact:
  // count and page run in the same synchronous turn, with no write in between.
  const anchor = offset >= STEP && !clause ? anchorFor(db, table, offset) : undefined;
  if (anchor) args.anchor = anchor.id;
  const window = anchor
    ? `WHERE id >= $anchor ORDER BY id LIMIT ${limit} OFFSET ${offset - anchor.place}`
    : offset > total / 2
      ? `${clause} ORDER BY ${order} DESC LIMIT ${Math.min(limit, total - offset)} OFFSET ${Math.max(0, total - offset - limit)}`
      : `${clause} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  return { total, window, args };
}

/** The ids of a page's `window` (planned by planPage, with its `args`) in ascending order, kept between changes with
 * `kept`. */
export function pageIds(db: Db, table: string, window: string, args: Row, kept?: KeptValues<string, unknown>) {
  const text = `SELECT id FROM "${table}" ${window}`;
  const used = usedArgs(args, text);
  return keptQuery(kept, text, used, () =>
    (sql(db, text, { arrays: true }).all(used) as unknown as [number][]).map(([id]) => id).sort((a, b) => a - b),
  );
}
