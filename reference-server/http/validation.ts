// Request validation compiled from the bundled document (never written twice): bodies, query and path
// parameters. Violations become 422s naming the field and the rule (D-02); unknown parameters too (D-41).
import type { ValidateFunction } from 'ajv/dist/2020.js';
import {
  deref,
  isTokenEndpoint,
  operations,
  type Operation,
  type Parameter,
  type Schema,
} from '../../openapi/contract.ts';
import { BUNDLE_ID, createAjv, validatorFor } from '../../openapi/validators.ts';
import { ApiError, type ErrorContext } from '../../shared/errors.ts';
import { toErrorItems } from '../../shared/schema-errors.ts';

const paramAjv = createAjv({ coerceTypes: true });

interface Compiled {
  body?: ValidateFunction;
  query: ValidateFunction;
  path: ValidateFunction;
  /** Per wrapper key of the body (`data`, `contact`, `shippingService`), its properties marked `readOnly` (D-09). */
  readOnly: Record<string, string[]>;
}

/** The properties of an object schema marked `readOnly`, through `$ref`s and `allOf`/`anyOf`/`oneOf` parts. */
function readOnlyNames(node: Schema | undefined): string[] {
  const s = deref<Schema | undefined>(node);
  if (!s || typeof s !== 'object') return [];
  const own = Object.entries(s.properties ?? {})
    .filter(([, p]) => deref<Schema>(p)?.readOnly === true)
    .map(([k]) => k);
  return [...new Set([...own, ...[...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(readOnlyNames)])];
}

/** Points the bundle's local `$ref`s at the registered bundle, for schemas compiled on their own. */
const rebase = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(rebase)
    : node && typeof node === 'object'
      ? Object.fromEntries(
          Object.entries(node).map(([k, v]) => [
            k,
            k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${BUNDLE_ID}${v}` : rebase(v),
          ]),
        )
      : node;

function paramSchema(op: Operation, where: 'query' | 'path'): Schema {
  const ps = op.parameters.filter((p: Parameter) => p.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(ps.map((p) => [p.name, rebase(p.schema) as Schema])),
    required: ps.filter((p) => p.required).map((p) => p.name),
    additionalProperties: where === 'query' ? false : true,
  };
}

const compiled = new Map<string, Compiled>();
for (const op of operations) {
  const bodySchema = op.bodyPointer ? deref<Schema>({ $ref: op.bodyPointer }) : undefined;
  compiled.set(op.operationId, {
    body: op.bodyPointer ? validatorFor(op.bodyPointer) : undefined,
    readOnly: Object.fromEntries(
      Object.entries(bodySchema?.properties ?? {}).map(([key, p]) => [key, readOnlyNames(p)]),
    ),
    query: paramAjv.compile(paramSchema(op, 'query')),
    path: paramAjv.compile(paramSchema(op, 'path')),
  });
}

function check(validate: ValidateFunction, data: unknown, context: ErrorContext, prefix: string[]): void {
  if (!validate(data)) {
    const items = toErrorItems(validate.errors ?? [], prefix).map((e) =>
      e.ref === 'error.unknown-field' && context === 'query'
        ? { ...e, ref: 'error.unknown-parameter', message: 'is not a parameter of this operation' }
        : e,
    );
    throw new ApiError(context === 'path' ? 404 : 422, context, items);
  }
}

/**
 * Validates and coerces path and query parameters in place. A path parameter of the wrong shape is a 404. The token
 * endpoint's query and body are left to its handler (isTokenEndpoint: RFC 6749 §5.2 answers, unknown parameters
 * ignored). Found by the fuzzer (robustness/README.md): a JSON body without `grant_type` or an unknown query
 * parameter got a 422 envelope the operation does not document.
 */
export function validateParams(op: Operation, path: Record<string, unknown>, query: Record<string, unknown>): void {
  const c = compiled.get(op.operationId)!;
  check(c.path, path, 'path', []);
  if (isTokenEndpoint(op)) return;
  for (const [k, v] of Object.entries(query))
    if (Array.isArray(v)) {
      throw new ApiError(422, 'query', [{ name: k, message: 'must be given once', ref: 'error.type' }]);
    }
  check(c.query, query, 'query', []);
}

export function validateBody(op: Operation, body: unknown): void {
  const c = compiled.get(op.operationId)!;
  if (c.body && !isTokenEndpoint(op)) check(c.body, body, 'data', []);
}

/**
 * Drops the read-only fields of a validated body (D-09): a client that reads an object and sends it back, as the
 * platform's own client library saves objects, succeeds, and what it sent back never changes the resource.
 */
export function dropReadOnly(op: Operation, body: unknown): void {
  if (!body || typeof body !== 'object') return;
  for (const [key, names] of Object.entries(compiled.get(op.operationId)!.readOnly)) {
    const inner = (body as Record<string, unknown>)[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      for (const name of names) delete (inner as Record<string, unknown>)[name];
  }
}
