// What the dialect check can tell from the file alone, before any request: a trigger's template that sends a value
// of the wrong JSON type. A placeholder that is a whole string keeps its value's type (lib/dialect/trigger.ts
// `fillTemplate`), one inside a longer string becomes text: `qty: '{{quantity}} pcs'` sends `"1 pcs"` where the value
// is a number (TRIGGER_TYPES), and an object or a list inside text is `[object Object]`. These are notes printed
// beside the live result (report.ts), never a failure on their own: the target's answer to the template decides.
import { isObject, TRIGGER_TYPES, type Dialect, type DialectKey } from '../lib/dialect.ts';
import type { Json } from '../lib/contract.ts';

/** The JSON types a placeholder inside text cannot keep. */
const NOT_TEXT = new Set(['number', 'array', 'object']);

/** Each string of a template with the JSON pointer-like path it sits at (`item.qty`, `body.cart.lines`). */
function strings(template: Json, path: string): { path: string; text: string }[] {
  if (typeof template === 'string') return [{ path, text: template }];
  if (Array.isArray(template)) return template.flatMap((t, i) => strings(t, `${path}.${i}`));
  return isObject(template) ? Object.entries(template).flatMap(([k, v]) => strings(v, `${path}.${k}`)) : [];
}

/** The notes of one trigger: each placeholder of a non-string type embedded in a longer string of its body or item. */
function triggerNotes(key: 'checkout' | 'dispatch', trigger: Dialect['checkout']): string[] {
  if (!trigger) return [];
  const notes: string[] = [];
  for (const { path, text } of [...strings(trigger.body, `${key}.body`), ...strings(trigger.item, `${key}.item`)]) {
    if (/^\{\{\s*[\w.]+\s*\}\}$/.test(text)) continue;
    for (const m of text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) {
      const name = m[1]!;
      // `destination.countryCode` is one field of the address: a string.
      const type = name.includes('.') ? 'string' : TRIGGER_TYPES[name]?.[0];
      if (type && NOT_TEXT.has(type))
        notes.push(`${path}: '${text}' sends text where {{${name}}} is ${type === 'array' ? 'a list' : `a ${type}`}`);
    }
  }
  return notes;
}

/** Every note the file gives, by key. */
export function staticNotes(d: Dialect, stated: Set<string>): Partial<Record<DialectKey, string[]>> {
  const notes: Partial<Record<DialectKey, string[]>> = {};
  for (const key of ['checkout', 'dispatch'] as const) {
    const found = stated.has(key) ? triggerNotes(key, d[key]) : [];
    if (found.length) notes[key] = found;
  }
  return notes;
}
