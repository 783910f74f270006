// The "as returned" tables of the source (§2.3–§2.8: Product, Inventory, Redirect, Product Download, Product Media,
// Webhook): each field and the type the source gives it, read from the source's own text, and what a returned value
// must be to have that type. The `source` requirements `<get>.as-returned` (requirements/resources.ts) are generated
// from them, so they assert exactly what the tables say.
import { sourceSection, type Json } from './contract.ts';

export type Kind = 'number' | 'string' | 'boolean' | 'date-time' | 'array' | 'object' | 'any';
/** A field's type as a table writes it (`string; absolute URL, or null`), and what it requires of a value. */
export interface ReturnedType {
  text: string;
  kind: Kind;
  /** The values a `string; \`a\`, \`b\` or \`c\`` type lists (not a `(a \`v2\` value is returned)` example). */
  values?: string[];
  /** `string; absolute URL`: a URL with a scheme. */
  absoluteUrl?: true;
  /** `array of strings`. */
  stringItems?: true;
  /** `object of string keys to string values`. */
  stringValues?: true;
}

/** §2.1: v2 date-times are "ISO-8601 date-times with an offset" (`Z`, ISO 8601's zero offset, and a fraction
 * of a second are ISO 8601 too). */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Reads one type cell: its kind from the first words, the listed values, the URL and element rules. */
export function parseType(text: string): ReturnedType {
  const t = text.trim();
  if (/^null or value$/.test(t)) return { text: t, kind: 'any' };
  const kind = /^(number|string|boolean|date-time|array|object)\b/.exec(t)?.[1] as Kind | undefined;
  if (!kind) throw new Error(`returned.ts: a type the tables do not use: ${JSON.stringify(t)}`);
  const listed = /^string; (`[^`]+`(?:, `[^`]+`)* or `[^`]+`)/.exec(t)?.[1];
  return {
    text: t,
    kind,
    ...(listed ? { values: [...listed.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) } : {}),
    ...(/\babsolute URL\b/.test(t) ? { absoluteUrl: true as const } : {}),
    ...(/^array of strings\b/.test(t) ? { stringItems: true as const } : {}),
    ...(/^object of string keys to string values\b/.test(t) ? { stringValues: true as const } : {}),
  };
}

/** The fields of a section's table (`| a, b | type |` rows, a name per field), each with its type. */
export function returnedFields(section: string): Map<string, ReturnedType> {
  const fields = new Map<string, ReturnedType>();
  for (const line of sourceSection(section).split('\n')) {
    if (!line.startsWith('| ') || /^\| (Field|---)/.test(line)) continue;
    const [names = '', type = ''] = line.replace(/^\| | \|$/g, '').split(' | ');
    for (const name of names.split(', ')) fields.set(name.trim(), parseType(type));
  }
  return fields;
}

/** The heading of a section (`Product (v2), as returned`), verbatim: a requirement's quote. */
export const headingOf = (section: string): string =>
  sourceSection(section)
    .split('\n')[0]!
    .replace(/^### \S+ /, '');

const isObject = (v: Json) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Why `value` does not have the type, or undefined when it does. `null` always does: §2.1 returns unset optional
 * values as null, and which fields are optional the source does not show (§2.12).
 */
export function typeProblem(type: ReturnedType, value: Json): string | undefined {
  if (value === null || type.kind === 'any') return undefined;
  const is = (ok: boolean) => (ok ? undefined : `${JSON.stringify(value)} is not ${type.text}`);
  switch (type.kind) {
    case 'number':
      return is(typeof value === 'number');
    case 'boolean':
      return is(typeof value === 'boolean');
    case 'date-time':
      return is(typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
    case 'array':
      return is(Array.isArray(value) && (!type.stringItems || value.every((x: Json) => typeof x === 'string')));
    case 'object':
      return is(
        isObject(value) && (!type.stringValues || Object.values(value).every((x: Json) => typeof x === 'string')),
      );
    default:
      return is(
        typeof value === 'string' &&
          (!type.values || type.values.includes(value)) &&
          (!type.absoluteUrl || /^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(value)),
      );
  }
}
