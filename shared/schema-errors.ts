// The error envelope's items (D-02) for what a JSON Schema refused, from ajv's errors: the reference server's request
// validation and the reference App's field checks name the field and the rule the same way.
import type { ErrorItem } from './errors.ts';

/**
 * What is read of one of ajv's errors (its ErrorObject, which has this shape): the keyword that failed, where in the
 * value, the parameters that name a field or a pattern, and ajv's message.
 */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: { missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string; pattern?: string };
  message?: string;
}

const NO_HTML = '^[^<>]*$'; // D-13

const refByKeyword: Record<string, string> = {
  required: 'error.required',
  type: 'error.type',
  format: 'error.format',
  pattern: 'error.pattern',
  enum: 'error.enum',
  const: 'error.const',
  maxLength: 'error.max-length',
  minLength: 'error.min-length',
  minimum: 'error.minimum',
  maximum: 'error.maximum',
  exclusiveMinimum: 'error.minimum',
  exclusiveMaximum: 'error.maximum',
  minItems: 'error.min-items',
  maxItems: 'error.max-items',
  additionalProperties: 'error.unknown-field',
  unevaluatedProperties: 'error.unknown-field',
  minProperties: 'error.required',
  maxProperties: 'error.max-items',
  uniqueItems: 'error.unique',
  not: 'error.unknown-field',
};
// Wrapper keywords whose failure is explained by a more specific error underneath.
const wrappers = new Set(['if', 'anyOf', 'oneOf', 'allOf', 'not', 'then', 'else']);

/**
 * The items of the error envelope (D-02) for what a schema refused: one per field and rule, named by its path under
 * `prefix` (`data.sku`), the most specific error of each (a wrapper such as `anyOf` only when nothing under it failed).
 */
export function toErrorItems(errors: SchemaError[], prefix: string[] = []): ErrorItem[] {
  const specific = errors.filter((e) => !wrappers.has(e.keyword));
  const chosen = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const items: ErrorItem[] = [];
  for (const e of chosen) {
    const segments = [
      ...prefix,
      ...e.instancePath
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')),
    ];
    const extra =
      e.keyword === 'required'
        ? e.params.missingProperty
        : e.keyword === 'additionalProperties'
          ? e.params.additionalProperty
          : e.keyword === 'unevaluatedProperties'
            ? e.params.unevaluatedProperty
            : undefined;
    if (extra) segments.push(extra);
    const name = segments.join('.') || 'body';
    const ref =
      e.keyword === 'pattern' && e.params.pattern === NO_HTML
        ? 'error.html'
        : (refByKeyword[e.keyword] ?? `error.${e.keyword.toLowerCase()}`);
    const message =
      e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties'
        ? 'is not a writable field of this resource'
        : ref === 'error.html'
          ? 'must not contain HTML'
          : (e.message ?? 'is invalid');
    const key = `${name}|${ref}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ name, message, ref });
  }
  return items;
}
