// List helpers shared by the filter and pagination requirements: the create counterpart of a list operation,
// the writable and returned fields of its resource (from the document), the `:in` value syntax of §4.4, and
// following the `links` of the list envelope (D-03) with the same contract check as `api.call`.
import { checkResponse, deref, nonNull, operations, sourceSection, type Json, type Operation } from './contract.ts';
import { config } from './config.ts';
import { Nonconformance, type Api, type ApiResponse } from './api.ts';
import { fromTarget, requestWrapperOf } from './dialect.ts';

/** `listX` → `createX` (or its singular, `listProducts` → `createProduct`), when the document has one. */
export function createOf(list: Operation): Operation | undefined {
  const noun = list.operationId.replace(/^list/, '');
  return operations.find(
    (o) => o.method === 'POST' && [`create${noun}`, `create${noun.replace(/s$/, '')}`].includes(o.operationId),
  );
}

/** Properties of a schema, following `$ref` and `allOf` (not `if`/`then`). */
export function propertiesOf(schema: Json, out: Record<string, Json> = {}): Record<string, Json> {
  const s = deref(schema);
  if (!s || typeof s !== 'object') return out;
  for (const sub of s.allOf ?? []) propertiesOf(sub, out);
  Object.assign(out, s.properties ?? {});
  return out;
}

/** The writable fields of a create operation's body (inside its wrapper): its read-only ones are only echoed (D-09). */
export function writableFields(create: Operation): Record<string, Json> {
  const body = deref({ $ref: create.bodyPointer });
  return Object.fromEntries(
    Object.entries(propertiesOf(propertiesOf(body)[requestWrapperOf(create.operationId) ?? 'data'])).filter(
      ([, p]) => !deref(p).readOnly,
    ),
  );
}

/** The resource as a list operation returns it (the `items` of its `data`). */
export function itemSchema(list: Operation): Json {
  const content = deref(list.responses['200']).content['application/json'].schema;
  return deref(propertiesOf(content).data?.items);
}

export type Kind = 'int' | 'number' | 'date' | 'enum' | 'string' | 'boolean';
/** The kind of a field schema; nullable and `oneOf [X, null]` read as X. */
export function kindOf(schema: Json): Kind {
  const s = nonNull(schema);
  if (s.enum) return 'enum';
  if (s.format === 'date-time') return 'date';
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  return type === 'integer' ? 'int' : type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : 'string';
}

/** §4.4 `:in` values written: a value holding a comma or a quote is wrapped in double quotes, the inverse of the
 * contract's `parseList` (D-62). */
export const quoteList = (values: unknown[]) =>
  values
    .map((v) => {
      const s = String(v);
      return /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',');

/**
 * A `links` URL (a path with its query, relative to TARGET_URL, or absolute; D-03) made absolute. A link that is no
 * text (§2.1: a URL, or null) fails the requirement that follows it.
 */
export const resolveLink = (link: string) => {
  if (typeof link !== 'string') throw new Nonconformance(`a \`links\` URL (§2.1) is no text: ${JSON.stringify(link)}`);
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `${config.targetUrl}${link.startsWith('/') ? '' : '/'}${link}`;
};

/**
 * GETs a `links` URL literally and checks the answer against the list operation, as `api.call` does: a mismatch
 * fails a `decision`/`platform` requirement (`strict`) and is only noted in a `source`/`standard` one.
 */
export async function follow(
  api: Api,
  list: Operation,
  link: string,
  strict = true,
  options: { as?: 'full' | 'other' } = {},
): Promise<ApiResponse> {
  const res = await api.send('GET', resolveLink(link), options);
  const problems = checkResponse(list, res.status, res.headers, res.body, res.text);
  if (problems.length && strict)
    throw new Nonconformance(`GET ${res.url} (followed from links)\n  ${problems.join('\n  ')}`);
  if (problems.length) api.deviations().push(`GET ${res.url} (followed from links): ${problems.join('; ')}`);
  // Read in our contract's form, as every answer of `api.call` is (the check above saw it as sent).
  return { ...res, body: fromTarget(config.dialect.dialect, list.operationId, res.status, res.body) };
}

/** The most pages a walk reads: a search of the suite's own data spans a few; more is a link that never ends. */
const MAX_PAGES = 200;

/**
 * Every item of a search, page after page through `links.next` (§2.1: "URL of the next page or null"), without
 * naming a page size or a page parameter (§8: their names and sizes are "not shown"), so a `source` requirement
 * holds whatever page size the target chose. Each page must be a 200 (§7). The walk stops at the first `next` that
 * cannot be right, as the target's failure, in the request that shows it: a `next` on the last page its own
 * `pagination` counts (§2.1 "totalPages"), on an empty page, or to a page already read (§2.1: "the URL of the next
 * page or null").
 */
export async function listAll(
  api: Api,
  list: Operation,
  params: Record<string, number>,
  query: Record<string, string | number | boolean> = {},
  as?: 'full' | 'other',
): Promise<Json[]> {
  let res = await api.untyped(list.operationId, { params, query, ...(as ? { as } : {}) });
  const items: Json[] = [];
  const seen = new Set<string>([res.url]);
  for (let page = 1; ; page++) {
    if (res.status !== 200)
      throw new Nonconformance(
        `${list.operationId} ${JSON.stringify(query)} page ${page}: ${res.status} ${res.text.slice(0, 300)}`,
      );
    // What the target answered instead of a list is its failure, never a TypeError of the suite.
    if (!Array.isArray(res.body?.data))
      throw new Nonconformance(
        `${list.operationId} ${JSON.stringify(query)} page ${page}: no \`data\` list (§2.1) in ${res.text.slice(0, 300)}`,
      );
    const where = `${list.operationId} ${JSON.stringify(query)} page ${page}`;
    const crowded = overfull(res.body);
    if (crowded) throw new Nonconformance(`${where}: ${crowded}`);
    items.push(...res.body.data);
    const next = res.body.links?.next;
    if (next === null || next === undefined) return items;
    const wrong = endlessNext(res.body, next, seen, page);
    if (wrong) throw new Nonconformance(`${where}: links.next ${JSON.stringify(next)} ${wrong}`);
    seen.add(resolveLink(next));
    res = await follow(api, list, next, false, as ? { as } : {});
  }
}

/**
 * Why a page holds more items than it can (undefined when it may): more than its own `pagination.limit` ("results per
 * page", §2.1) or its `total` ("total results"). Found in the answer itself, before the suite reads a single item of
 * a page that may hold thousands.
 */
export function overfull(body: Json): string | undefined {
  const { limit, total } = (body?.pagination ?? {}) as { limit?: unknown; total?: unknown };
  const n = (body?.data as Json[]).length;
  if (typeof limit === 'number' && n > limit)
    return `${n} items on a page whose pagination.limit is ${limit} (§2.1: "results per page")`;
  if (typeof total === 'number' && n > total)
    return `${n} items on a page whose pagination.total is ${total} (§2.1: "total results")`;
  return undefined;
}

/** Why a page's `next` cannot be right (undefined when it may be): see `listAll`. */
export function endlessNext(body: Json, next: Json, seen: Set<string>, page: number): string | undefined {
  if (typeof next !== 'string' || !next) return 'is neither a URL nor null';
  const { page: at, totalPages } = (body?.pagination ?? {}) as { page?: unknown; totalPages?: unknown };
  if (typeof at === 'number' && typeof totalPages === 'number' && at >= totalPages)
    return `on page ${at} of ${totalPages} (pagination.totalPages): the last page links on`;
  if (Array.isArray(body?.data) && body.data.length === 0) return 'on an empty page: the list has ended';
  if (seen.has(resolveLink(next))) return 'to a page already read: the links loop';
  if (page >= MAX_PAGES) return `after ${MAX_PAGES} pages: the links do not end`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// What §4.4 says of a filter: the basis of a filter requirement is computed from the source's own table.

const section44 = sourceSection('4.4');
/** The §4.4 suffix rows, verbatim. */
const suffixRows: Record<string, string> = {
  in: '| :in | comma-separated list of values |',
  gte: '| :min | greater than or equal |',
  lte: '| :max | less than or equal |',
  gt: '| :after | greater than |',
  lt: '| :before | less than |',
};
/** The parameters of a resource's §4.4 row, split at the commas outside parentheses: `bandId (empty string …)`, `id:in/min/…`. */
function rowTokens(resource: string): string[] {
  const row = section44.split('\n').find((l) => l.toLowerCase().startsWith(`| ${resource.toLowerCase()} |`));
  if (!row) return [];
  const cell = row.split(' | ')[1]!.replace(/ \|$/, '');
  const tokens: string[] = [];
  let depth = 0,
    cur = '';
  for (const ch of cell) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      tokens.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  tokens.push(cur.trim());
  return tokens;
}
const suffixName: Record<string, string> = { in: 'in', min: 'gte', max: 'lte', after: 'gt', before: 'lt' };
/**
 * The verbatim part of §4.4 that gives a list's filter parameter, or undefined when the source does not list it:
 * the parameter's own entry when it carries a rule (`sku:in (case-insensitive; …)`), else its suffix's meaning row,
 * else its entry (`locationId`). The resource is the list's tag (`Products`, `Product downloads`).
 */
export function filterQuote(list: Operation, name: string, op: string): string | undefined {
  for (const token of rowTokens(list.tags[0] ?? '')) {
    const base = token.replace(/ \(.*$/, '');
    const [field, suffixes] = base.split(':');
    const names = suffixes ? suffixes.split('/').map((s) => `${field}:${s}`) : [base];
    if (!names.includes(name)) continue;
    if (token !== base) return token;
    return suffixes ? (suffixRows[op] ?? suffixRows[suffixName[name.split(':')[1]!]!]) : token;
  }
  return undefined;
}
