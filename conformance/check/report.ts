// What the dialect check found, as it prints it (README.md here): one finding or more per key, folded into one line
// per key of the dialect, in the order of its descriptors (lib/dialect/keys.ts `DESCRIPTORS`), then a closing line;
// and the exit status. Only a stated key can fail the check: a key left to our contract is the verdict stage's
// (lib/verdict.ts: a requirement that needed it is not applicable under the source profile), so what was seen of it
// is a hint. Pure: no request, no clock, so the same findings print the same lines.
import { at, DESCRIPTORS, isObject, type DialectKey } from '../lib/dialect.ts';
import type { Json } from '../lib/contract.ts';

/**
 * One finding of a key: `ok` the key worked where it was tried; `wrong` an answer contradicts it (the run would fail
 * for it); `unsure` it could not be tried, or what came back proves nothing (a timeout, a 5xx, no delivery).
 */
export interface Finding {
  key: DialectKey;
  verdict: 'ok' | 'wrong' | 'unsure';
  text: string;
}

/** The keys in their descriptors' order: the order of the lines. */
export const KEYS = Object.keys(DESCRIPTORS) as DialectKey[];

/** Whether a key is stated: itself, or an entry of it (`bodies.createProduct`). */
export const isStated = (stated: Set<string>, key: string) =>
  stated.has(key) || [...stated].some((s) => s.startsWith(`${key}.`));

/**
 * A key's line. Stated: what contradicts it, else why it was not checked, else `ok`. Unstated: `ours (not stated)`,
 * with what contradicts our choice when something did (a hint for the dialect, never a failure), or `as the target
 * answered` when it was tried and held. Static notes
 * (static.ts) go beside the live result.
 */
export function lineOf(key: DialectKey, findings: Finding[], stated: boolean, notes: string[] = []): string {
  const of = (v: Finding['verdict']) => [...new Set(findings.filter((f) => f.verdict === v).map((f) => f.text))];
  const [wrong, unsure] = [of('wrong'), of('unsure')];
  const beside = notes.length ? `; ${notes.join('; ')}` : '';
  if (!stated)
    return `${key}: ours (not stated)${wrong.length ? `; ${wrong.join('; ')}` : of('ok').length ? ', as the target answered' : ''}`;
  if (wrong.length) return `${key}: ${wrong.join('; ')}${beside}`;
  if (unsure.length) return `${key}: ${unsure.join('; ')}${beside}`;
  if (!findings.length) return `${key}: not tried${beside}`;
  return `${key}: ok${notes.length ? ` (but ${notes.join('; ')})` : ''}`;
}

/** The stated keys an answer contradicts: those that stop a run. */
export const cannotWork = (findings: Finding[], stated: Set<string>): DialectKey[] =>
  KEYS.filter((k) => isStated(stated, k) && findings.some((f) => f.key === k && f.verdict === 'wrong'));

/** Every line the check prints, and its exit status: 0 every stated key can work, 1 one cannot. */
export function report(
  findings: Finding[],
  stated: Set<string>,
  notes: Partial<Record<DialectKey, string[]>> = {},
  only?: Set<DialectKey>,
): { lines: string[]; failing: DialectKey[]; exit: 0 | 1 } {
  const keys = KEYS.filter((k) => !only || only.has(k));
  const failing = cannotWork(findings, stated).filter((k) => keys.includes(k));
  const count = keys.filter((k) => isStated(stated, k)).length;
  const lines = keys.map((k) =>
    lineOf(
      k,
      findings.filter((f) => f.key === k),
      isStated(stated, k),
      notes[k],
    ),
  );
  // A stated key nothing was seen to hold (no answer, nothing tried) is not said to work: the line names it.
  const unchecked = keys.filter(
    (k) => isStated(stated, k) && !findings.some((f) => f.key === k && f.verdict !== 'unsure'),
  );
  lines.push(
    failing.length
      ? `dialect check: ${failing.length} of ${count} stated key(s) cannot work: ${failing.join(', ')}`
      : !count
        ? "dialect check: no key stated: every choice is our contract's"
        : unchecked.length
          ? `dialect check: no stated key cannot work, but ${unchecked.length} of ${count} could not be checked: ${unchecked.join(', ')}`
          : `dialect check: every stated key (${count}) can work`,
  );
  return { lines, failing, exit: failing.length ? 1 : 0 };
}

/** The top-level fields of an answer, for a pointer that found nothing: `its top-level fields: a, b, c`. */
export function topFields(body: Json, text = ''): string {
  if (Array.isArray(body)) return `it is a list of ${body.length}`;
  if (!isObject(body)) return text.trim() ? `not a JSON object: ${oneLine(text, 60)}` : 'an empty body';
  const keys = Object.keys(body);
  return keys.length ? `its top-level fields: ${keys.join(', ')}` : 'an empty object';
}

/** What a pointer found, in words: `nothing`, `a string`, `an object`, `a list of 2`. */
export function foundWhat(v: Json): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `a list of ${v.length}`;
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** Text on one line, cut at `max` characters. */
export function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The first error of an error answer in words (`/cart/lines/0/qty must be an integer`): at the dialect's `errors`
 * pointer, else ours (`/errors`); where it points (`pointer`, `field`, `path`, `source.pointer`) and its message.
 * Without a list there, the answer's start.
 */
export function firstError(body: Json, pointer: string, text: string): string {
  const list = [pointer, '/errors']
    .filter((p) => p !== 'none')
    .map((p) => at(body, p))
    .find(Array.isArray);
  const first: Json = list?.[0];
  if (isObject(first)) {
    const where = [first.pointer, first.field, first.path, isObject(first.source) ? first.source.pointer : undefined]
      .filter((x): x is string => typeof x === 'string')
      .at(0);
    const message = [first.message, first.detail, first.title, first.code].find((x) => typeof x === 'string');
    const said = [where, message].filter(Boolean).join(' ');
    if (said) return oneLine(said);
  }
  if (typeof first === 'string') return oneLine(first);
  return oneLine(text || '(empty body)', 120);
}
