// A failure leads with the gap: the first line of a failing requirement's message says what was
// expected and what came instead ("expected 401, got 201"), before the custom message (often an excerpt of the
// response body) and Playwright's own account. A reader of summary.md sees the gap without reading a diff, and the
// reporter's reason, cut at 300 characters, always holds the whole of it.
import { stripVTControlCharacters } from 'node:util';

/** The gap line's longest form: well under the reporter's 300 characters, with room for what follows it. */
const LINE = 200;
/** One value in the gap line (an expected or a received value, one side of a diff). */
const VALUE = 90;
/** Changed runs of a diff named in the gap line; the diff itself stays below it. */
const RUNS = 3;

/**
 * The matcher line Playwright's `expect` errors carry: `expect(received).not.toBe(expected) // Object.is equality`.
 * The runner's error message may start with the error's name (`Error: `).
 */
const MATCHER = /^(?:Error: )?expect\(\w+\)((?:\.(?:not|resolves|rejects))*)\.(\w+)\((.*?)\)/;

/** `s` cut to `max` characters, the cut marked with `…` (never splitting a surrogate pair). */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  let head = s.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}…`;
}

/** A value as printed by `expect`, on one line: a multi-line string's line breaks written `\n`. */
const value = (s: string) => cut(s.trim().replace(/\r?\n/g, '\\n'), VALUE);

/**
 * The `Expected…:` and `Received…:` fields after the matcher line, by label (`Expected`, `Received array`,
 * `Expected pattern`), the first of each label; a multi-line string's value continues on the lines after its label.
 */
function fields(lines: string[]): Map<string, string> {
  const out = new Map<string, string>();
  let last: string | undefined;
  for (const line of lines) {
    const m = /^((?:Expected|Received)(?: [a-z]+)?):(?: +|$)(.*)$/.exec(line);
    if (m) {
      last = out.has(m[1]!) ? undefined : m[1]!;
      if (last) out.set(last, m[2]!);
    } else if (!line.trim()) last = undefined;
    else if (last) out.set(last, `${out.get(last)}\n${line}`);
  }
  return out;
}

/**
 * Changed lines of a diff, compacted: pretty-format's `Object {` and `Array [` become `{` and `[`, the lines of a run
 * are joined, the trailing commas dropped, so `"data": Array [` `Object {` `"id": 0,` `},` reads `"data": [{"id": 0}`.
 * Lines that are not structure (a multi-line string's) are joined by `\n`, as `value` writes a line break.
 */
function compact(lines: string[]): string {
  let out = '';
  for (const line of lines) out += (!out ? '' : /[,{[]$/.test(out) || /^[}\]]/.test(line) ? ' ' : '\\n') + line;
  return out
    .replace(/\b(?:Object|Array|Set|Map) ([{[])/g, '$1')
    .replace(/([{[]) /g, '$1')
    .replace(/,? ([}\]])/g, '$1')
    .replace(/,$/, '');
}

/**
 * A diff's gap: the first runs of changed lines (`-` expected, `+` received), each side compacted; a run that only
 * adds or only removes lines has `nothing` on its other side.
 */
function diffGap(body: string[]): string | undefined {
  const runs: { expected: string[]; received: string[] }[] = [];
  let open = false;
  for (const line of body) {
    const mark = line[0];
    if ((mark === '-' || mark === '+') && !/^@@ .* @@$/.test(line)) {
      if (!open) runs.push({ expected: [], received: [] });
      open = true;
      runs.at(-1)![mark === '-' ? 'expected' : 'received'].push(line.slice(1).trim());
    } else open = false;
  }
  if (!runs.length) return undefined;
  const shown = runs.slice(0, RUNS);
  const side = (key: 'expected' | 'received') =>
    cut(shown.map((r) => compact(r[key]) || 'nothing').join('; ') + (runs.length > RUNS ? '; …' : ''), VALUE);
  return `expected ${side('expected')}, got ${side('received')}`;
}

/** What the matchers that take no expected value want, and what their `.not` form wants. */
const WANTED: Record<string, [string, string]> = {
  toBeTruthy: ['a truthy value', 'a falsy value'],
  toBeFalsy: ['a falsy value', 'a truthy value'],
  toBeNull: ['null', 'a value other than null'],
  toBeUndefined: ['undefined', 'a defined value'],
  toBeDefined: ['a defined value', 'undefined'],
  toBeNaN: ['NaN', 'a value other than NaN'],
};

/** The gap an `expect` error states, from the lines after its matcher line; undefined when they say none. */
function gapOf(name: string, not: boolean, after: string[]): string | undefined {
  const header = after.findIndex((l) => /^- Expected\b/.test(l));
  if (header >= 0 && /^\+ Received\b/.test(after[header + 1] ?? '')) return diffGap(after.slice(header + 2));
  // A matcher refusing a value before comparing: `Matcher error: received value must be a string`, then `Received has
  // value: undefined` (the target left a field out), or the same of the suite's own expected value.
  const refusal = after.map((l) => /^Matcher error: (received|expected) value must (.*)$/.exec(l)).find(Boolean);
  if (refusal) {
    const [, side, must = ''] = refusal;
    const had = after.map((l) => /^(?:Received|Expected) has value: (.*)$/.exec(l)?.[1]).find((v) => v !== undefined);
    if (side === 'expected')
      return `matcher error: the expected value must ${must}${had ? `, and is ${value(had)}` : ''}`;
    const wanted = must
      .replace(/^be /, '')
      .replace(/^not be /, 'not ')
      .replace(/^have /, 'a value with ');
    return `expected ${wanted}, got ${value(had ?? '?')}`;
  }
  const f = fields(after);
  const get = (label: string) => f.get(label);
  const bare = (s: string) => value(s.trim().replace(/^not /, ''));
  const negation = not ? 'not ' : '';
  const path = get('Expected path');
  if (path !== undefined) {
    const received = value(get('Received value') ?? get('Received path') ?? 'nothing');
    if (not) return `expected no property ${bare(path)}, got ${received}`;
    const wanted = get('Expected value');
    return wanted !== undefined
      ? `expected ${bare(path)} to be ${value(wanted)}, got ${received}`
      : `expected a property ${bare(path)}, got ${received}`;
  }
  const length = get('Expected length');
  if (length !== undefined) {
    const items = get('Received array') ?? get('Received string') ?? get('Received object');
    return `expected ${negation}length ${bare(length)}, got length ${value(get('Received length') ?? '?')}${items ? `: ${value(items)}` : ''}`;
  }
  const constructor = get('Expected constructor');
  if (constructor !== undefined)
    return `expected ${negation}an instance of ${bare(constructor)}, got ${value(get('Received value') ?? get('Received constructor') ?? '?')}`;
  const subject = get('Received array') ?? get('Received string') ?? get('Received value');
  const item = get('Expected value') ?? get('Expected substring');
  if (item !== undefined && subject !== undefined)
    return `expected ${negation}to contain ${bare(item)}, got ${value(subject)}`;
  const pattern = get('Expected pattern');
  if (pattern !== undefined && subject !== undefined)
    return `expected ${negation}to match ${bare(pattern)}, got ${value(subject)}`;
  const expected = get('Expected');
  const received = get('Received');
  if (expected !== undefined && received !== undefined)
    return /^serializes to the same string/.test(received.trim())
      ? `expected the very object ${value(expected)}, got a different one that serializes the same`
      : `expected ${value(expected)}, got ${value(received)}`;
  // `.not.toBe(x)` and `.not.toEqual(x)` print only what they did not want: what came is that, or equal to it.
  if (expected !== undefined)
    return `expected ${value(expected)}, got ${name === 'toBe' ? bare(expected) : 'an equal value'}`;
  if (received !== undefined) {
    const wanted = WANTED[name];
    return `expected ${wanted ? wanted[not ? 1 : 0] : `${negation}${name}()`}, got ${value(received)}`;
  }
  // Any other labelled pair (a matcher this list does not know).
  const labels = [...f.keys()];
  const e = labels.find((l) => l.startsWith('Expected'));
  const r = labels.find((l) => l.startsWith('Received'));
  if (e && r) return `expected ${value(get(e)!)}, got ${value(get(r)!)}`;
  return undefined;
}

/**
 * The message of an error a requirement threw, with the gap as its first line: `expected 401, got 201`; then the
 * custom message given to `expect` (a response excerpt, say), then Playwright's own lines. The result is plain text
 * (summary.md and the console's reasons quote it, where colour codes are noise). A message that is not an `expect`
 * error is returned as it is, trimmed; one that already leads with its gap gets no second one.
 */
export function gapFirst(message: string): string {
  const lines = stripVTControlCharacters(message)
    .trim()
    .replace(/^Error: /, '')
    .split('\n');
  // The last matcher line that starts a paragraph: a custom message (a response body, the target's text) may hold
  // one too, and comes before Playwright's.
  const at = lines.findLastIndex((l, i) => MATCHER.test(l) && (i === 0 || !lines[i - 1]!.trim()));
  if (at < 0) return message.trim();
  const [, modifiers = '', name = '', args = ''] = MATCHER.exec(lines[at]!)!;
  const after = lines.slice(at + 1);
  const first = cut(gapOf(name, modifiers.includes('.not'), after) ?? unknownGap(modifiers, name, args, after), LINE);
  if (lines[0]!.trim() === first) return lines.join('\n');
  const custom = lines.slice(0, at).join('\n').trim();
  return [first, ...(custom ? [custom, ''] : []), ...lines.slice(at)].join('\n');
}

/** A matcher whose lines name no expected or received value: its name, and its first line that is not a heading. */
function unknownGap(modifiers: string, name: string, args: string, after: string[]): string {
  const line = after.find((l) => l.trim() && !l.trim().endsWith(':'));
  return `${modifiers.slice(1)}${modifiers ? '.' : ''}${name}(${args}) failed${line ? `: ${value(line)}` : ''}`;
}

/** The first three non-empty lines of a message, joined with spaces, at most 300 characters. */
export const firstLines = (message: string): string =>
  message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' ')
    .slice(0, 300);

/** A failure's reason as the reports give it (results.json, summary.md, junit.xml): the gap first, then the message. */
export const reasonOf = (message: string): string => firstLines(gapFirst(message));
