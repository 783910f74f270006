// The contract as a module: the bundled document read once, its references resolved, and the table of operations
// built from it; and the source it describes (source.txt). The reference server, the conformance suite and the
// openapi tests all read the document through here (the suite still never imports the server), so the operation
// table, the filter declarations, the scopes and the reading of a schema's null exist once (design brief §6).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `npm run spec` writes the bundle. */
export const bundlePath = fileURLToPath(new URL('./dist/openapi.json', import.meta.url));

/** A JSON value, as a parsed body or a node of the document. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/**
 * Any JSON, unchecked: for code that reads documents and bodies whose shape it validates elsewhere (the suite reads
 * every answer after ajv has checked it against the contract). The reference server does not use it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one deliberate escape hatch, named and documented
export type Json = any;

/** The parts of a JSON Schema (2020-12) the tools read; the rest stays reachable by key. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  readOnly?: boolean;
  default?: JsonValue;
  description?: string;
  [keyword: string]: unknown;
}

/** §4.4 filter semantics of a query parameter (`x-filter`, openapi/README.md). */
export interface XFilter {
  field: string;
  op: 'eq' | 'in' | 'gte' | 'lte' | 'gt' | 'lt';
  empty?: 'none';
  caseInsensitive?: boolean;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
  example?: JsonValue;
  'x-filter'?: XFilter;
}

export interface Operation {
  operationId: string;
  /** Upper case: `GET`, `POST`. */
  method: string;
  /** The path template as the document writes it: `/api/v2/products/{id}.json`. */
  path: string;
  /** JSON pointer of the operation inside the bundle. */
  pointer: string;
  tags: string[];
  /** Path-level and operation-level parameters, resolved. */
  parameters: Parameter[];
  /** Alternatives: the caller needs every scope of at least one entry; `[]` means any valid token; null: no security (D-07). */
  security: string[][] | null;
  /** The media types of the request body; empty when the operation takes none. */
  bodyTypes: string[];
  /** JSON pointer of the JSON request body's schema. */
  bodyPointer?: string;
  requestExample?: JsonValue;
  /** The responses as written (references unresolved, so that their pointers can be followed). */
  responses: Record<string, Json>;
  /** `x-source` and `x-decision`: what the operation rests on. */
  source: string[];
  decision: string[];
  /** `x-reference-extension` (D-20). */
  extension: boolean;
}

export const doc: Json = JSON.parse(readFileSync(bundlePath, 'utf8'));

/** The source, §1–§9 (source.txt, a copy of ../shared/seed/…), read once: the suite checks its quotes against it. */
export const sourceText: string = readFileSync(fileURLToPath(new URL('./source.txt', import.meta.url)), 'utf8');

/** Section `n` of the source (`'2.3'`, `'4.4'`): from its `### n` heading to the next heading of its level or above. */
export function sourceSection(n: string): string {
  const start = sourceText.indexOf(`\n### ${n} `) + 1;
  if (start === 0) throw new Error(`The source has no section ${n}`);
  const next = /^#{1,3} /gm;
  next.lastIndex = start + 1;
  return sourceText.slice(start, next.exec(sourceText)?.index ?? sourceText.length);
}

const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');
export const escapePointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node a local JSON pointer (`#/components/schemas/Product`) names; undefined when it names nothing. */
export function resolvePointer(pointer: string): Json {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .reduce((node: Json, token) => node?.[unescape(token)], doc);
}

/** Follows local `$ref`s until a node without one; other references (none in a bundle) are left as they are. */
export function deref<T = Json>(node: Json): T {
  let n = node;
  while (n && typeof n === 'object' && typeof n.$ref === 'string' && n.$ref.startsWith('#/'))
    n = resolvePointer(n.$ref);
  return n as T;
}

/** The `oneOf` and `anyOf` branches of a schema, references followed. */
const branches = (s: Json): Json[] => [...(s?.oneOf ?? []), ...(s?.anyOf ?? [])].map((b: Json) => deref(b));

/**
 * Whether a schema admits null (§2.1: unset optional values are null), references followed: its `type` lists
 * `'null'` (`type: [string, 'null']`), or one of its `oneOf`/`anyOf` branches is `type: 'null'`.
 */
export function isNullable(schema: Json): boolean {
  const s = deref(schema);
  return [s?.type].flat().includes('null') || branches(s).some((b) => b?.type === 'null');
}

/**
 * A nullable schema without its null: the first `oneOf`/`anyOf` branch that is not `type: 'null'`, references
 * followed; any other schema as it is (a `type: [x, 'null']` keeps its list).
 */
export function nonNull(schema: Json): Json {
  const s = deref(schema);
  return s?.oneOf || s?.anyOf ? branches(s).find((b) => b?.type !== 'null') : s;
}

/** Every HTTP method a path item may hold (OpenAPI 3.1 §4.8.9). */
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const list = (v: unknown): string[] => (v === undefined ? [] : [v].flat().map(String));

export const operations: Operation[] = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
  methods
    .filter((m) => item[m])
    .map((m) => {
      const o = item[m];
      const pointer = `#/paths/${escapePointer(path)}/${m}`;
      const security: Json[] | undefined = o.security ?? doc.security;
      const body = deref(o.requestBody);
      const media = body?.content?.['application/json'];
      const bodyBase = typeof o.requestBody?.$ref === 'string' ? o.requestBody.$ref : `${pointer}/requestBody`;
      return {
        operationId: o.operationId,
        method: m.toUpperCase(),
        path,
        pointer,
        tags: o.tags ?? [],
        parameters: [...(item.parameters ?? []), ...(o.parameters ?? [])].map((p: Json) => deref<Parameter>(p)),
        security:
          security && security.length > 0 && Object.keys(security[0]).length > 0
            ? security.map((s: Json) => (Object.values(s)[0] as string[]) ?? [])
            : null,
        bodyTypes: Object.keys(body?.content ?? {}),
        bodyPointer: media ? `${bodyBase}/content/application~1json/schema` : undefined,
        requestExample: media?.example ?? Object.values(media?.examples ?? {}).map((e: Json) => deref(e).value)[0],
        responses: o.responses ?? {},
        source: list(o['x-source']),
        decision: list(o['x-decision']),
        extension: o['x-reference-extension'] === true,
      } satisfies Operation;
    }),
);

export const operationById = new Map(operations.map((o) => [o.operationId, o]));

/**
 * Whether the operation is the token endpoint (§4.1, `/admin/oauth/token.json` and its alias `/admin/oauth/token`):
 * the only operations that take a form body (RFC 6749 §4.4.2). It answers RFC 6749 §5.2 bodies, never the API's
 * 422 (D-06, D-67), ignores the parameters it does not know (RFC 6749 §3.2, as its TokenRequest schema says), and is
 * called at `{auth_url}` (§4, its path item's own `servers`).
 */
export const isTokenEndpoint = (o: Operation) => o.bodyTypes.includes('application/x-www-form-urlencoded');

/** The operation with this id; throws naming it when the document has none. */
export function op(id: string): Operation {
  const o = operationById.get(id);
  if (!o) throw new Error(`The contract has no operation ${id}`);
  return o;
}

/** A component schema by name, as written (its own `$ref`s unresolved). */
export const schema = (name: string): Schema => doc.components.schemas[name];

/** The operations whose scopes §5's table names ("Scopes named per operation"): the only ones the source gives. */
export const SCOPE_TABLE: readonly string[] = [
  'listRedirects',
  'listProducts',
  'listProductDownloads',
  'getProductMedia',
  'listInventory',
  'listWebhooks',
];

/** Every scope of the `oauth2` scheme (§5, D-07), in the document's order. */
export const scopes: string[] = Object.keys(
  deref(doc.components.securitySchemes.oauth2).flows.clientCredentials.scopes,
);

/**
 * Splits a §4.4 `:in` value on commas outside double quotes (D-62): `"a,b"` is one value, `""` inside quotes is a
 * literal `"`. The server reads filters with it; the suite writes them the other way (`quoteList`).
 */
export function parseList(raw: string): string[] {
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (quoted) {
      if (ch === '"' && raw[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      values.push(current);
      current = '';
    } else current += ch;
  }
  values.push(current);
  return values;
}
