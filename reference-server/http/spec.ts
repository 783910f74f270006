// The bundled contract, read once: every route, parameter, scope and filter the server serves comes from here,
// so the document stays the single source of truth (design brief §6).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const bundlePath = fileURLToPath(new URL('../../openapi/dist/openapi.json', import.meta.url));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export const spec: Json = JSON.parse(readFileSync(bundlePath, 'utf8'));

export interface XFilter { field: string; op: 'eq' | 'in' | 'gte' | 'lte' | 'gt' | 'lt'; empty?: 'none'; caseInsensitive?: boolean }
export interface Parameter { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema: Json; 'x-filter'?: XFilter }
export interface Operation {
  operationId: string;
  method: string;
  path: string;
  pointer: string; // JSON pointer of the operation inside the bundle
  regex: RegExp;
  parameters: Parameter[];
  /** Alternatives: the caller needs every scope of at least one entry; `[]` means any valid token (D-07). */
  security: string[][] | null;
  hasBody: boolean;
  bodyTypes: string[];
}

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Resolves a local `$ref` of the bundle. */
export function deref<T = Json>(node: Json): T {
  let n = node;
  while (n && typeof n === 'object' && typeof n.$ref === 'string' && n.$ref.startsWith('#/')) {
    n = n.$ref.slice(2).split('/').reduce((o: Json, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return n as T;
}

function pathRegex(template: string): RegExp {
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

export const operations: Operation[] = Object.entries(spec.paths as Record<string, Json>).flatMap(([path, item]) =>
  methods.filter((m) => item[m]).map((m) => {
    const op = item[m];
    const parameters: Parameter[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => deref<Parameter>(p));
    const security: Json[] | undefined = op.security ?? spec.security;
    const content = deref(op.requestBody)?.content ?? {};
    return {
      operationId: op.operationId,
      method: m.toUpperCase(),
      path,
      pointer: `#/paths/${escapePointer(path)}/${m}`,
      regex: pathRegex(path),
      parameters,
      security: security && security.length > 0 && Object.keys(security[0]).length > 0
        ? security.map((s: Json) => (Object.values(s)[0] as string[]) ?? [])
        : null,
      hasBody: Boolean(op.requestBody),
      bodyTypes: Object.keys(content),
    } satisfies Operation;
  }));

// Literal paths win over templated ones (`/contacts/search.json` before `/contacts/{id}.json`).
const byLiteralFirst = [...operations].sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));

export function findOperation(method: string, path: string): { op?: Operation; params: Record<string, string>; allow: string[] } {
  const allow: string[] = [];
  for (const op of byLiteralFirst) {
    const m = op.regex.exec(path);
    if (!m) continue;
    if (op.method === method) return { op, params: { ...m.groups }, allow };
    allow.push(op.method);
  }
  return { params: {}, allow };
}

export const operationById = new Map(operations.map((o) => [o.operationId, o]));
