// The "as returned" tables of the source (§2.3–§2.8: Product, Inventory, Redirect, Product Download, Product Media,
// Webhook) and the tables of what an App answers (§2.10 `rates`, §2.11 `label`): each field and the type the source
// gives it, read from the source's own text, and what a value must be to have that type. The `source` requirements
// `<get>.as-returned` (requirements/resources/lifecycle.ts) and the App suite's answer types (app/requirements.ts) are
// generated from them, so they assert exactly what the tables say.
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
  /** `string date`: a date-only string, `yyyy-mm-dd` (§2.1). */
  date?: true;
  /** `string decimal`: a decimal number written as a string (`'4.50'`). */
  decimal?: true;
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
    ...(/^string date\b/.test(t) ? { date: true as const } : {}),
    ...(/^string decimal\b/.test(t) ? { decimal: true as const } : {}),
  };
}

/**
 * The fields of a section's table (`| a, b | type |` rows, a name per field), each with its type: its first table, or
 * with `after`, the first table after the line that starts so (§2.10's third table: `The response body is`).
 */
export function returnedFields(section: string, after?: string): Map<string, ReturnedType> {
  const fields = new Map<string, ReturnedType>();
  const lines = sourceSection(section).split('\n');
  const from = after === undefined ? 0 : lines.findIndex((l) => l.startsWith(after));
  if (from < 0) throw new Error(`returned.ts: §${section} has no line starting ${JSON.stringify(after)}`);
  const start = lines.findIndex((l, i) => i > from && l.startsWith('| '));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  for (const line of lines.slice(start, end < 0 ? undefined : end)) {
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

/** §2.1: "Date-only fields use `yyyy-mm-dd`": that shape, and a day of the calendar (not `2026-02-30`). */
export function isDate(v: string): boolean {
  const t = Date.parse(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

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
          (!type.date || isDate(value)) &&
          (!type.decimal || /^-?\d+(\.\d+)?$/.test(value)) &&
          (!type.values || type.values.includes(value)) &&
          (!type.absoluteUrl || /^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(value)),
      );
  }
}
