// Values from the document's schemas, for the fuzzer (robustness/README.md): one seeded source of randomness per
// request (fast-check's `gen`, so a request is a function of the run's seed and its index), the schema of a node as
// one object (`allOf` merged, `$ref`s followed) and a valid value of it. Pure: no HTTP, no state.
import fc, { type GeneratorValue } from 'fast-check';
import { deref, type JsonValue, type Schema } from '../openapi/contract.ts';

const matchers = new Map<string, fc.Arbitrary<string>>();
/** `^[^<>]*$` (no HTML, D-13) as any string less those characters: fast-check filters a negated class slowly. */
function matcher(pattern: string): fc.Arbitrary<string> {
  // fast-check cannot generate from a lookahead (the quoted lists of D-62 bounded by D-70 use one): the pattern
  // without its lookaheads generates, and the whole pattern filters.
  const lookahead = /\(\?[=!][^()]*\)/g;
  if (/\(\?[=!]/.test(pattern)) {
    const whole = new RegExp(pattern, 'u');
    return fc.stringMatching(new RegExp(pattern.replace(lookahead, ''), 'u')).filter((s) => whole.test(s));
  }
  const negated = /^\^\[\^([^\]\\]+)\]\*\$$/.exec(pattern);
  if (!negated) return fc.stringMatching(new RegExp(pattern, 'u'));
  const banned = new Set(negated[1]);
  return fc.string({ unit: 'binary' }).map((s) => [...s].filter((c) => !banned.has(c)).join(''));
}

/** The randomness of one request: choices are uniform (`noBias`), values lean to edges as fast-check's do. */
export class Rand {
  readonly g: GeneratorValue;
  constructor(g: GeneratorValue) {
    this.g = g;
  }
  /** A uniform whole number in [min, max]. */
  int(min: number, max: number): number {
    return this.g(() => fc.noBias(fc.integer({ min, max })));
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(0, items.length - 1)]!;
  }
  chance(p: number): boolean {
    return this.int(0, 9999) < p * 10000;
  }
  /** A string the regular expression matches (fast-check's `stringMatching`, built once per pattern). */
  matching(pattern: string): string {
    let arb = matchers.get(pattern);
    if (!arb) matchers.set(pattern, (arb = matcher(pattern)));
    return this.g(() => arb);
  }
}

/** The randomness of request `index` of the run seeded `seed`: the same pair gives the same choices. */
export function randFor(seed: number, index: number): Rand {
  const mixed = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) | 0;
  return new Rand(fc.sample(fc.gen(), { seed: mixed, numRuns: 1 })[0]!);
}

const merged = new WeakMap<object, Schema>();

/**
 * A schema with its `$ref`s followed and its `allOf` parts merged into one node (properties joined, `required`
 * united), as the document writes add bodies (`allOf: [ProductInput, {required: [title, sku]}]`, openapi/README.md).
 */
export function effective(node: Schema | undefined): Schema {
  const s = deref<Schema | undefined>(node) ?? {};
  if (!s.allOf) return s;
  const cached = merged.get(s);
  if (cached) return cached;
  const { allOf, ...own } = s;
  const out: Schema = { ...own };
  for (const part of allOf.map(effective)) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties') {
        const props = { ...(out.properties ?? {}) };
        for (const [name, p] of Object.entries(v as Record<string, Schema>))
          props[name] = props[name] ? { allOf: [props[name], p] } : p;
        out.properties = props;
      } else if (k === 'required') out.required = [...new Set([...(out.required ?? []), ...(v as string[])])];
      else if (!(k in out)) out[k] = v;
    }
  }
  merged.set(s, out);
  return out;
}

/** The JSON types a schema allows (`type`, else what its keywords imply). */
export function typesOf(s: Schema): string[] {
  if (s.type) return [s.type].flat();
  if ('const' in s) return [jsonType(s.const as JsonValue)];
  if (s.enum) return [...new Set((s.enum as JsonValue[]).map(jsonType))];
  if (s.properties || s.additionalProperties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

export const jsonType = (v: JsonValue | undefined): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

const two = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 date-time with a numeric offset, the shape every date-time input of the document takes (D-10). */
export function dateTime(r: Rand): string {
  const d = `${r.int(1970, 2099)}-${two(r.int(1, 12))}-${two(r.int(1, 28))}`;
  const t = `${two(r.int(0, 23))}:${two(r.int(0, 59))}:${two(r.int(0, 59))}`;
  return `${d}T${t}${r.pick(['+', '-'])}${two(r.int(0, 14))}:${r.pick(['00', '30'])}`;
}
export const date = (r: Rand): string => dateTime(r).slice(0, 10);

/**
 * Where generated URLs point: a closed port on loopback, so a server that calls a URL it was given (an App's rates,
 * a webhook, a thumbnail) is refused at once and never leaves the machine; `http` on loopback is what D-19 allows.
 */
export const URL_BASE = 'http://127.0.0.1:9/';

function stringOf(s: Schema, r: Rand, name: string): string {
  const min = Number(s.minLength ?? 0);
  const max = Math.min(Number(s.maxLength ?? 40), min + 40);
  if (s.format === 'date-time') return dateTime(r);
  if (s.format === 'date') return date(r);
  if (s.format === 'uri') return `${URL_BASE}${name}/${r.matching('^[a-z0-9]{0,12}$')}`;
  if (s.format === 'email') return `${r.matching('^[a-z0-9]{1,12}$')}@${r.matching('^[a-z]{1,10}$')}.example`;
  if (s.format === 'uuid') return r.g(fc.uuid);
  if (typeof s.pattern === 'string') {
    const v = r.matching(s.pattern);
    return s.maxLength !== undefined && v.length > max ? v.slice(0, max) : v;
  }
  return r.g(fc.string, { minLength: min, maxLength: max, unit: r.pick(['grapheme-ascii', 'binary'] as const) });
}

function integerOf(s: Schema, r: Rand, name: string): number {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? Number(s.exclusiveMinimum) + 1 : -(2 ** 31));
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? Number(s.exclusiveMaximum) - 1 : 2 ** 31 - 1);
  // Reference fields (`productId`, `specificationId`) mostly name something that exists: the server numbers from 1.
  if (/Ids?$/.test(name) && Number(min) <= 1 && Number(max) >= 20 && r.chance(0.7))
    return r.int(Math.max(1, Number(min)), 20);
  return r.g(fc.integer, { min: Number(min), max: Number(max) });
}

/**
 * A value the schema allows, most of the time: `oneOf` branches, `uniqueItems` and the like are left to the caller,
 * which validates the whole body with ajv and asks again (robustness/fuzz-generate.ts).
 */
export function valueOf(node: Schema | undefined, r: Rand, name = 'value', depth = 0): JsonValue {
  const s = effective(node);
  if ('const' in s) return s.const as JsonValue;
  if (s.enum) return r.pick(s.enum as JsonValue[]);
  const branches = s.oneOf ?? s.anyOf;
  if (branches) {
    const { oneOf: _o, anyOf: _a, ...rest } = s;
    return valueOf({ allOf: [rest, r.pick(branches)] }, r, name, depth);
  }
  const types = typesOf(s);
  if (types.length === 0) return s.example !== undefined ? (s.example as JsonValue) : r.pick([1, 'x', true, null]);
  const nonNull = types.filter((t) => t !== 'null');
  const type = nonNull.length === 0 || (types.includes('null') && r.chance(0.15)) ? 'null' : r.pick(nonNull);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return r.chance(0.5);
    case 'integer':
      return integerOf(s, r, name);
    case 'number':
      return r.g(fc.double, {
        min: Number(s.minimum ?? -1e9),
        max: Number(s.maximum ?? 1e9),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringOf(s, r, name);
    case 'array': {
      const min = Number(s.minItems ?? 0);
      const max = Math.min(Number(s.maxItems ?? min + 3), min + 3);
      const items = Array.from({ length: depth > 5 ? min : r.int(min, max) }, () =>
        valueOf(s.items, r, name, depth + 1),
      );
      return s.uniqueItems ? [...new Map(items.map((v) => [JSON.stringify(v), v])).values()] : items;
    }
    default:
      return objectOf(s, r, depth);
  }
}

function objectOf(s: Schema, r: Rand, depth: number): JsonValue {
  const out: Record<string, JsonValue> = {};
  const required = new Set(s.required ?? []);
  for (const [name, p] of Object.entries(s.properties ?? {})) {
    const prop = effective(p);
    // Read-only fields are accepted and ignored (D-09): sent back now and then, as a client that read the object does.
    const chance = required.has(name) ? 1 : prop.readOnly ? 0.05 : depth > 4 ? 0 : 0.5;
    if (r.chance(chance)) out[name] = valueOf(prop, r, name, depth + 1);
  }
  const extra = s.additionalProperties;
  if (extra && typeof extra === 'object' && depth < 4) {
    const names = effective(s.propertyNames as Schema | undefined);
    const room = Math.max(0, Number(s.maxProperties ?? 3) - Object.keys(out).length);
    for (let i = r.int(0, Math.min(2, room)); i > 0; i--)
      out[stringOf({ ...names, maxLength: Math.min(Number(names.maxLength ?? 20), 20) }, r, 'key') || 'k'] = valueOf(
        extra as Schema,
        r,
        'value',
        depth + 1,
      );
  }
  return out;
}
