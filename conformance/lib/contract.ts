// The contract as the suite's table: operations, parameters, filters, limits and response schemas all come
// from the bundled document (read by openapi/contract.ts), and every response the suite receives is validated
// against it here.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { deref, escapePointer, type Json, type Operation } from '../../openapi/contract.ts';
import { validatorFor } from '../../openapi/validators.ts';

// The document, its references, the table of operations and the schema validators are the contract module's
// (openapi/contract.ts, openapi/validators.ts): the suite re-exports what its tests read, and keeps its own
// judgement of a response here.
export {
  deref,
  doc,
  escapePointer,
  isNullable,
  nonNull,
  op,
  operations,
  parseList,
  schema,
  SCOPE_TABLE,
  scopes,
  sourceSection,
  sourceText,
  type Json,
  type Operation,
  type Parameter,
  type XFilter,
} from '../../openapi/contract.ts';

/** The first five problems ajv found, each naming the place in the body and in the schema. */
function describe(errors: ErrorObject[] | null | undefined): string {
  const one = (e: ErrorObject) => {
    const property = e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : '';
    return `${e.instancePath || '/'} ${e.message}${property} [schema ${e.schemaPath}]`;
  };
  return (errors ?? []).slice(0, 5).map(one).join('; ');
}

/** Validates `data` against a schema of the document given by JSON pointer; returns problems, empty when valid. */
export function check(pointer: string, data: unknown): string[] {
  const v = validatorFor(pointer);
  return v(data) ? [] : [describe(v.errors)];
}

/**
 * Checks one response against the operation: the status is documented, the content type is JSON when a body is
 * documented, the body matches the schema, required headers are present. Problems name JSON pointers.
 */
export function checkResponse(
  o: Operation,
  status: number,
  headers: Record<string, string>,
  body: unknown,
  rawText: string,
  /** The body is the target's own form, stated in its dialect (its error envelope): only the status and headers are ours. */
  theirs = false,
): string[] {
  // The status's own response, else its range (`4XX`), else `default` (OpenAPI 3.1, Responses Object).
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in o.responses);
  if (!key)
    return [
      `${o.operationId}: status ${status} is not documented (documented: ${Object.keys(o.responses).join(', ')}); body ${rawText.slice(0, 300)}`,
    ];
  const base = o.responses[key].$ref ?? `${o.pointer}/responses/${key}`;
  const response = deref(o.responses[key]);
  const problems: string[] = [];
  for (const [name, h] of Object.entries(response.headers ?? {}) as [string, Json][]) {
    if (deref(h).required && headers[name.toLowerCase()] === undefined)
      problems.push(`${o.operationId} ${status}: header ${name} is missing`);
  }
  const content = response.content as Json;
  if (theirs) return problems;
  if (!content) {
    if (rawText.length > 0) problems.push(`${o.operationId} ${status}: expected no body, got ${rawText.slice(0, 200)}`);
    return problems;
  }
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!(type in content))
    return [
      ...problems,
      `${o.operationId} ${status}: content type "${type}" is not documented (${Object.keys(content).join(', ')})`,
    ];
  for (const p of check(`${base}/content/${escapePointer(type)}/schema`, body))
    problems.push(`${o.operationId} ${status}: ${p}`);
  return problems;
}
