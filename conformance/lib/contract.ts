// The contract as the suite's table: operations, parameters, filters, limits and response schemas all come
// from the bundled document, and every response the suite receives is validated against it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export const doc: Json = JSON.parse(readFileSync(fileURLToPath(new URL('../../openapi/dist/openapi.json', import.meta.url)), 'utf8'));

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(doc, 'contract');

export function deref<T = Json>(node: Json): T {
  let n = node;
  while (n && typeof n === 'object' && typeof n.$ref === 'string') {
    n = n.$ref.slice(2).split('/').reduce((o: Json, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return n as T;
}
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export interface XFilter { field: string; op: 'eq' | 'in' | 'gte' | 'lte' | 'gt' | 'lt'; empty?: 'none'; caseInsensitive?: boolean }
export interface Param { name: string; in: string; required?: boolean; schema: Json; example?: Json; 'x-filter'?: XFilter }
export interface Operation {
  operationId: string; method: string; path: string; pointer: string; tags: string[];
  parameters: Param[]; security: string[][] | null; source: string[]; decision: string[]; extension: boolean;
  requestExample?: Json; bodyPointer?: string; responses: Record<string, Json>;
}

const methods = ['get', 'put', 'post', 'delete'];
export const operations: Operation[] = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
  methods.filter((m) => item[m]).map((m) => {
    const op = item[m];
    const pointer = `#/paths/${esc(path)}/${m}`;
    const security: Json[] = op.security ?? doc.security;
    const rb = op.requestBody;
    const media = deref(rb)?.content?.['application/json'];
    return {
      operationId: op.operationId, method: m.toUpperCase(), path, pointer, tags: op.tags ?? [],
      parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => deref<Param>(p)),
      security: security.length && Object.keys(security[0]).length ? security.map((s: Json) => (Object.values(s)[0] as string[])) : null,
      source: [op['x-source'] ?? []].flat(), decision: [op['x-decision'] ?? []].flat(), extension: op['x-reference-extension'] === true,
      requestExample: media?.example ?? Object.values(media?.examples ?? {}).map((e: Json) => deref(e).value)[0],
      bodyPointer: media ? `${typeof rb.$ref === 'string' ? rb.$ref : `${pointer}/requestBody`}/content/application~1json/schema` : undefined,
      responses: op.responses,
    } satisfies Operation;
  }));
export const op = (id: string): Operation => {
  const o = operations.find((x) => x.operationId === id);
  if (!o) throw new Error(`The contract has no operation ${id}`);
  return o;
};
export const schema = (name: string): Json => doc.components.schemas[name];

const validators = new Map<string, ValidateFunction>();
function validator(pointer: string): ValidateFunction {
  let v = validators.get(pointer);
  if (!v) validators.set(pointer, (v = ajv.compile({ $ref: `contract${pointer}` })));
  return v;
}
const describe = (errors: ErrorObject[] | null | undefined) => (errors ?? []).slice(0, 5)
  .map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''} [schema ${e.schemaPath}]`).join('; ');

/** Validates `data` against a schema of the document given by JSON pointer; returns problems, empty when valid. */
export function check(pointer: string, data: unknown): string[] {
  const v = validator(pointer);
  return v(data) ? [] : [describe(v.errors)];
}

/**
 * Checks one response against the operation: the status is documented, the content type is JSON when a body is
 * documented, the body matches the schema, required headers are present. Problems name JSON pointers.
 */
export function checkResponse(o: Operation, status: number, headers: Record<string, string>, body: unknown, rawText: string): string[] {
  const key = String(status) in o.responses ? String(status) : `${String(status)[0]}XX` in o.responses ? `${String(status)[0]}XX` : 'default' in o.responses ? 'default' : undefined;
  if (!key) return [`${o.operationId}: status ${status} is not documented (documented: ${Object.keys(o.responses).join(', ')}); body ${rawText.slice(0, 300)}`];
  const base = o.responses[key].$ref ?? `${o.pointer}/responses/${key}`;
  const response = deref(o.responses[key]);
  const problems: string[] = [];
  for (const [name, h] of Object.entries(response.headers ?? {}) as [string, Json][]) {
    if (deref(h).required && headers[name.toLowerCase()] === undefined) problems.push(`${o.operationId} ${status}: header ${name} is missing`);
  }
  const content = response.content as Json;
  if (!content) {
    if (rawText.length > 0) problems.push(`${o.operationId} ${status}: expected no body, got ${rawText.slice(0, 200)}`);
    return problems;
  }
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!(type in content)) return [...problems, `${o.operationId} ${status}: content type "${type}" is not documented (${Object.keys(content).join(', ')})`];
  for (const p of check(`${base}/content/${esc(type)}/schema`, body)) problems.push(`${o.operationId} ${status}: ${p}`);
  return problems;
}
