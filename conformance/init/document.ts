// An OpenAPI document (3.0 or 3.1, YAML or JSON) read into the facts `init` compares: its operations with their
// request and answer shapes, its OAuth scopes, its webhooks and callbacks. Local `$ref`s are followed; a reference to
// another file is not (the shape then says so). The same reading serves the team's document and our own bundle
// (ours.ts), so both sides of every comparison are read alike.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** Bad input: one line for the command to print before it exits 2 (cli.ts). */
export class InitInputError extends Error {
  override name = 'InitInputError';
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema flattened: its JSON types (`null` included), its properties with `allOf`/`anyOf`/`oneOf` merged. */
export interface Shape {
  types: string[];
  description?: string;
  format?: string;
  properties?: Record<string, Shape>;
  required?: string[];
  items?: Shape;
  enum?: unknown[];
  pattern?: string;
  example?: unknown;
  readOnly?: boolean;
  /** A `$ref` this reading did not follow (another file, or a cycle). */
  unresolved?: string;
}

/** A parameter of an operation or a webhook: its name, where it goes and what the document says of it. */
export interface Param {
  name: string;
  in: string;
  description?: string;
}

export interface Operation {
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  /** Alternatives, each the scopes it needs; undefined where the document states none. */
  security?: string[][];
  params: Param[];
  request?: { shape: Shape; example?: unknown };
  /** By status (`200`, `4XX`, `default`): the JSON answer's shape, if any. */
  responses: Record<string, { shape?: Shape; example?: unknown }>;
}

/** A request the implementation sends: a webhook (3.1 `webhooks`) or a callback of an operation. */
export interface Outgoing {
  name: string;
  kind: 'webhook' | 'callback';
  description?: string;
  headers: Param[];
  body?: Shape;
}

export interface DocumentFacts {
  /** Where it was read from, as the evidence names it. */
  name: string;
  version: string;
  operations: Operation[];
  /** The OAuth 2 scopes of its security schemes, with their descriptions. */
  scopes: Record<string, string>;
  tokenUrl?: string;
  outgoing: Outgoing[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const unescape = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');

/** The resolver of a document's local references (`#/components/schemas/X`). */
export function resolverOf(root: unknown): (ref: string) => unknown {
  return (ref) =>
    ref.startsWith('#/')
      ? ref
          .slice(2)
          .split('/')
          .reduce<unknown>((n, t) => (isNode(n) ? n[unescape(t)] : undefined), root)
      : undefined;
}

/** A node with its `$ref`s followed (at most 20, so a cycle ends); the last reference it could not follow, if any. */
function follow(node: unknown, resolve: (ref: string) => unknown): { node: unknown; unresolved?: string } {
  let n = node;
  for (let i = 0; i < 20 && isNode(n) && typeof n.$ref === 'string'; i++) {
    const next = resolve(n.$ref);
    if (next === undefined) return { node: n, unresolved: n.$ref };
    n = next;
  }
  return { node: n };
}

/** A schema flattened into a Shape: references followed, composition merged, 3.0's `nullable` read as a null type. */
export function shapeOf(schema: unknown, resolve: (ref: string) => unknown, depth = 0): Shape {
  const { node, unresolved } = follow(schema, resolve);
  if (!isNode(node) || depth > 12) return { types: [], ...(unresolved ? { unresolved } : {}) };
  const s = node;
  const types = new Set<string>([s.type].flat().filter((t): t is string => typeof t === 'string'));
  if (s.nullable === true) types.add('null');
  if (s.const === null) types.add('null');
  const out: Shape = { types: [] };
  if (typeof s.description === 'string') out.description = s.description;
  if (typeof s.format === 'string') out.format = s.format;
  if (typeof s.pattern === 'string') out.pattern = s.pattern;
  if (Array.isArray(s.enum)) out.enum = s.enum;
  if (s.example !== undefined) out.example = s.example;
  else if (Array.isArray(s.examples) && s.examples.length) out.example = s.examples[0];
  if (s.readOnly === true) out.readOnly = true;
  if (Array.isArray(s.required)) out.required = s.required.filter((r): r is string => typeof r === 'string');
  if (isNode(s.properties)) {
    out.properties = {};
    for (const [k, v] of Object.entries(s.properties)) out.properties[k] = shapeOf(v, resolve, depth + 1);
    types.add('object');
  }
  if (s.items !== undefined) {
    out.items = shapeOf(s.items, resolve, depth + 1);
    types.add('array');
  }
  // allOf: every part holds; anyOf/oneOf: any part may, so their types and properties are all possible ones.
  for (const k of ['allOf', 'anyOf', 'oneOf'])
    for (const part of Array.isArray(s[k]) ? (s[k] as unknown[]) : []) merge(out, shapeOf(part, resolve, depth + 1));
  out.types = [...new Set([...types, ...out.types])].sort();
  if (unresolved) out.unresolved = unresolved;
  return out;
}

/** Merges a composed part into a shape: its types, properties (the first that describes one wins) and the rest. */
function merge(into: Shape, part: Shape): void {
  into.types = [...new Set([...into.types, ...part.types])];
  if (part.properties) {
    into.properties ??= {};
    for (const [k, v] of Object.entries(part.properties)) {
      const had = into.properties[k];
      into.properties[k] = had ? { ...v, ...had, types: had.types.length ? had.types : v.types } : v;
    }
  }
  if (part.required) into.required = [...new Set([...(into.required ?? []), ...part.required])];
  into.items ??= part.items;
  into.description ??= part.description;
  into.format ??= part.format;
  into.enum ??= part.enum;
  into.pattern ??= part.pattern;
  if (into.example === undefined && part.example !== undefined) into.example = part.example;
  if (part.readOnly) into.readOnly = true;
  into.unresolved ??= part.unresolved;
}

/** The JSON media type of a content map: `application/json`, else the first `…+json` or `…/json` one. */
function jsonOf(content: unknown): Node | undefined {
  if (!isNode(content)) return undefined;
  const key =
    Object.keys(content).find((k) => k === 'application/json') ?? Object.keys(content).find((k) => /json/.test(k));
  return key && isNode(content[key]) ? content[key] : undefined;
}
const exampleOf = (media: Node, resolve: (ref: string) => unknown): unknown => {
  if (media.example !== undefined) return media.example;
  const first = isNode(media.examples) ? Object.values(media.examples)[0] : undefined;
  const ex = follow(first, resolve).node;
  return isNode(ex) ? ex.value : undefined;
};

function paramsOf(list: unknown, resolve: (ref: string) => unknown): Param[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((p) => {
    const n = follow(p, resolve).node;
    if (!isNode(n) || typeof n.name !== 'string') return [];
    return [
      {
        name: n.name,
        in: String(n.in ?? ''),
        ...(typeof n.description === 'string' ? { description: n.description } : {}),
      },
    ];
  });
}

function operationsOf(
  paths: unknown,
  resolve: (ref: string) => unknown,
  globalSecurity: unknown,
): { operations: Operation[]; callbacks: Outgoing[] } {
  const operations: Operation[] = [];
  const callbacks: Outgoing[] = [];
  if (!isNode(paths)) return { operations, callbacks };
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = follow(rawItem, resolve).node;
    if (!isNode(item)) continue;
    for (const method of METHODS) {
      const o = item[method];
      if (!isNode(o)) continue;
      const security = securityOf(o.security ?? globalSecurity);
      const body = follow(o.requestBody, resolve).node;
      const media = isNode(body) ? jsonOf(body.content) : undefined;
      const responses: Operation['responses'] = {};
      for (const [status, r] of Object.entries(isNode(o.responses) ? o.responses : {})) {
        const resp = follow(r, resolve).node;
        const m = isNode(resp) ? jsonOf(resp.content) : undefined;
        responses[status] = m ? { shape: shapeOf(m.schema, resolve), example: exampleOf(m, resolve) } : {};
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        ...(typeof o.operationId === 'string' ? { operationId: o.operationId } : {}),
        ...(typeof o.summary === 'string' ? { summary: o.summary } : {}),
        ...(security ? { security } : {}),
        params: [...paramsOf(item.parameters, resolve), ...paramsOf(o.parameters, resolve)],
        ...(media ? { request: { shape: shapeOf(media.schema, resolve), example: exampleOf(media, resolve) } } : {}),
        responses,
      });
      for (const [name, cb] of Object.entries(isNode(o.callbacks) ? o.callbacks : {})) {
        const expressions = follow(cb, resolve).node;
        for (const pathItem of Object.values(isNode(expressions) ? expressions : {}))
          callbacks.push(...outgoingOf(name, 'callback', pathItem, resolve));
      }
    }
  }
  return { operations, callbacks };
}

/** An operation's security as alternatives of scopes, or undefined where none is stated. */
function securityOf(v: unknown): string[][] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter(isNode).map((req) => Object.values(req).flatMap((s) => (Array.isArray(s) ? s.map(String) : [])));
}

function outgoingOf(
  name: string,
  kind: Outgoing['kind'],
  rawItem: unknown,
  resolve: (ref: string) => unknown,
): Outgoing[] {
  const item = follow(rawItem, resolve).node;
  if (!isNode(item)) return [];
  return METHODS.flatMap((m) => {
    const o = item[m];
    if (!isNode(o)) return [];
    const body = follow(o.requestBody, resolve).node;
    const media = isNode(body) ? jsonOf(body.content) : undefined;
    const description = [o.summary, o.description].filter((d) => typeof d === 'string').join(' ');
    return [
      {
        name,
        kind,
        ...(description ? { description } : {}),
        headers: [...paramsOf(item.parameters, resolve), ...paramsOf(o.parameters, resolve)].filter(
          (p) => p.in === 'header',
        ),
        ...(media ? { body: shapeOf(media.schema, resolve) } : {}),
      },
    ];
  });
}

/** The facts of a parsed document; `name` is how the evidence names it. */
export function documentFacts(root: unknown, name: string): DocumentFacts {
  if (!isNode(root) || typeof root.openapi !== 'string' || !/^3\.[01]\./.test(root.openapi))
    throw new InitInputError(`${name}: not an OpenAPI 3.0 or 3.1 document (no "openapi: 3.0.x" or "3.1.x" at its top)`);
  const resolve = resolverOf(root);
  const { operations, callbacks } = operationsOf(root.paths, resolve, root.security);
  const scopes: Record<string, string> = {};
  let tokenUrl: string | undefined;
  const components = isNode(root.components) ? root.components : {};
  for (const raw of Object.values(isNode(components.securitySchemes) ? components.securitySchemes : {})) {
    const scheme = follow(raw, resolve).node;
    if (!isNode(scheme) || scheme.type !== 'oauth2' || !isNode(scheme.flows)) continue;
    for (const flow of Object.values(scheme.flows)) {
      if (!isNode(flow)) continue;
      if (typeof flow.tokenUrl === 'string') tokenUrl ??= flow.tokenUrl;
      for (const [s, d] of Object.entries(isNode(flow.scopes) ? flow.scopes : {})) scopes[s] = String(d ?? '');
    }
  }
  const webhooks = Object.entries(isNode(root.webhooks) ? root.webhooks : {}).flatMap(([n, item]) =>
    outgoingOf(n, 'webhook', item, resolve),
  );
  return {
    name,
    version: root.openapi,
    operations,
    scopes,
    ...(tokenUrl ? { tokenUrl } : {}),
    outgoing: [...webhooks, ...callbacks],
  };
}

/** Reads the team's document from a file: its facts, or an InitInputError naming what is wrong with it. */
export function readDocument(file: string): DocumentFacts {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InitInputError(
      `--from-openapi ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  let root: unknown;
  try {
    root = parse(text, { maxAliasCount: 1000 });
  } catch (err) {
    throw new InitInputError(`--from-openapi ${file}: not YAML or JSON (${(err as Error).message.split('\n')[0]})`);
  }
  return documentFacts(root, file);
}

/** A path template with its parameters unnamed (`/a/{}/b.json`), so that `{id}` and `{productId}` compare equal. */
export const pathKey = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** The lowest 2xx status an operation documents, if any. */
export const successOf = (o: Operation): number | undefined =>
  Object.keys(o.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .map(Number)
    .sort((a, b) => a - b)[0];

/** A body's resource: the object inside a one-property wrapper (`{data: {…}}`), and the wrapper's name; else itself. */
export function unwrap(shape: Shape | undefined): { wrapper?: string; resource?: Shape } {
  const props = Object.entries(shape?.properties ?? {});
  if (props.length === 1 && props[0]![1].types.includes('object') && props[0]![1].properties)
    return { wrapper: props[0]![0], resource: props[0]![1] };
  return { resource: shape };
}

/** The type of a shape in words: `string`, `integer or null`, `array of string`. */
export function typeWords(s: Shape | undefined): string {
  if (!s || !s.types.length) return 'any';
  return s.types
    .map((t) => (t === 'array' && s.items ? `array of ${typeWords(s.items).replace(/ or null$/, '')}` : t))
    .join(' or ');
}
