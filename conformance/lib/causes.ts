// Failures grouped by cause: a target that breaks one rule breaks it in hundreds of requirements
// (error bodies without an `errors` array fail over 600 of them), and a summary that lists each of them with its
// exchange buries the other causes. Here a failure's reason is reduced to what it shares with the others that failed
// for the same thing (the schema keyword at the body's JSON pointer, the pair of statuses, the transport's error, …),
// without what differs from request to request (URLs, operationIds, array indexes, generated ids), so that summary.md
// can show one entry per cause: the count, the requirement ids and one exchange. The full evidence of every failure
// stays in results.json and the HTML report. Pure functions, no I/O: failures (rows of results.json) in, text out.

/** What the grouping reads of a failed requirement (a row of results.json has these fields). */
export interface Failure {
  id: string;
  /** The first lines of the failure's message (its gap first: lib/gap.ts), joined with spaces, ≤ 300 characters. */
  reason?: string;
  /** The HTTP exchange that failed it (lib/api.ts, `formatExchange`). */
  evidence?: string;
  operation?: string;
}

/** Failures that share a cause: its text, their ids (sorted) and one of them, whose exchange stands for all. */
export interface Cause {
  cause: string;
  ids: string[];
  example: Failure;
}

export interface CausesMarkdownOptions {
  /** Requirement ids listed per cause; the rest are counted ("and 588 more"). Default 12. */
  maxIds?: number;
  /** Characters of the example's exchange shown per cause. Default 1500. */
  maxEvidence?: number;
  /**
   * Bytes (UTF-8) the lines may take in all. Past it, causes are listed on one line each without their exchange,
   * and once even that does not fit, the remaining causes are counted in a last line. Default 60,000: however many
   * failures a run has, and however many different causes, summary.md (which may hold two such lists: the gating
   * failures, and those that differ from the reference contract) stays well under 200 KB.
   */
  maxBytes?: number;
}

const NO_REASON = 'no reason given';
/** How long a cause read from free text may be: enough to tell causes apart, short enough for one line. */
const GENERAL_LENGTH = 160;
/** Reasons are at most 300 characters; a longer one is cut before any pattern reads it. */
const READ_LENGTH = 2000;

/**
 * The error's type, where a message carries it before its text as Playwright's report of an error does (`Error: `,
 * `Nonconformance: `, `NoAnswer: `); once or, for an error wrapped in another, more than once.
 */
const ERROR_NAME = /^(?:(?:\w*Error|Nonconformance|NoAnswer|TargetGone):\s*)+/;
/** lib/api.ts's `Nonconformance` tags its message: what follows is `METHOD URL` and checkResponse's problems. */
const TAG = /^\[nonconformance\]\s*/;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
/** `s` cut to `n` characters, the cut marked with `…`, never between the two halves of a surrogate pair. */
const cut = (s: string, n: number) =>
  s.length > n
    ? `${s
        .slice(0, n - 1)
        .replace(/[\uD800-\uDBFF]$/, '')
        .trimEnd()}…`
    : s;

/** Array indexes of a JSON pointer as `*`: `/data/3/id` and `/data/0/id` are the same place of a list's items. */
const indexesStarred = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

/**
 * The problems checkResponse (lib/contract.ts) writes, each prefixed there by `operationId status: ` or
 * `operationId: `, which this leaves out: the same problem of two operations, or of two statuses answered with the
 * same schema, is one cause. Reasons cut at 300 characters may end in a half problem; the first one is complete
 * unless the URL before it was very long, and the earliest problem is the cause.
 */
const CONTRACT: { pattern: RegExp; cause: (m: RegExpExecArray) => string }[] = [
  {
    // ajv's `/errors must be array [schema #/properties/errors/type]` (lib/contract.ts, `describe`). The message
    // stops at the next problem (`; `) or the schema path, so that a half problem never swallows the next one.
    pattern: /(?<=^|\s)(\/\S*) (must\b(?:(?!; | \[schema ).)*) \[schema ([^\]\s]+)\]/,
    cause: (m) =>
      `response body: ${indexesStarred(m[1]!)} ${m[2]!.trim()} (schema ${m[3]!.replace(/^openapi\.json(?=#)/, '')})`,
  },
  { pattern: /\bstatus (\d{3}) is not documented\b/, cause: (m) => `response status ${m[1]} is not documented` },
  {
    pattern: /\bcontent type "([^"]*)" is not documented\b/,
    cause: (m) => `response content type "${m[1]}" is not documented`,
  },
  { pattern: /\bheader (\S+) is missing\b/, cause: (m) => `response header ${m[1]} is missing` },
  { pattern: /\bexpected no body, got\b/, cause: () => 'response has a body where none is documented' },
];

function contractCause(text: string): string | undefined {
  let first: { index: number; cause: string } | undefined;
  for (const { pattern, cause } of CONTRACT) {
    const m = pattern.exec(text);
    if (m && (!first || m.index < first.index)) first = { index: m.index, cause: cause(m) };
  }
  return first?.cause;
}

/** A host and port (`127.0.0.1:4010`, `[::1]:4010`, `localhost:4010`): the target's, the same for every request. */
const HOST =
  /(?<![\w.:])(?:\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9a-f:]+\]|[0-9a-f]*::[0-9a-f:]*)(?::\d+)?(?![\w.:])/gi;

/**
 * A request that got no HTTP answer (lib/unanswered.ts, `describeNoAnswer`): `GET http://…/x timed out after
 * 10000 ms (no answer)` or `… got no HTTP answer (read ECONNRESET)`; the method and URL differ, the cause does not.
 */
function noAnswerCause(text: string): string | undefined {
  const timedOut = /^(?:[A-Z]+ \S+ )?timed out after (\d+) ?ms \(no answer\)/.exec(text);
  if (timedOut) return `no answer: timed out after ${timedOut[1]} ms`;
  const none = /^(?:[A-Z]+ \S+ )?got no HTTP answer \((.*)\)/.exec(text);
  if (none) return `no answer: ${generalCause(none[1]!.replace(HOST, ' ')) || 'no HTTP answer'}`;
  return undefined;
}

/**
 * `expected 401, got 201` and whatever follows it (the assertion's own message, a body excerpt): the pair of statuses
 * is the cause. The expected side may name several (`401 or 403`) or a class (`a 4xx`).
 */
function statusPairCause(text: string): string | undefined {
  const m =
    /^expected ((?:(?!, got ).){0,40}?\b[1-5](?:\d\d|xx)\b(?:(?!, got ).){0,40}?), got ([1-5]\d\d)(?![\w.])/i.exec(
      text,
    );
  return m ? `expected ${m[1]}, got ${m[2]}` : undefined;
}

/** Where a body excerpt starts in a message (`…, got 201: {"data":…`): JSON, or the start of an HTML or XML page. */
const BODY = /[{[]\s*"|<(?:!doctype|html|\?xml|head|body)\b/i;
/**
 * Where Playwright's own account of a failed `expect` starts (`expect(received).toBe(expected) // Object.is
 * equality`, then `Expected:` and `Received:`): it restates what the gap line says, so a cause stops there.
 */
const MATCHER = /\bexpect\(\w*\)(?:\.\w+)*\.\w+\(/;
/**
 * What differs from one request to the next in a message, each with the placeholder that stands for it. Applied in
 * this order: a URL holds ids, a uuid holds hex and numbers.
 */
const VARYING: [RegExp, string][] = [
  [/\b(?:https?|wss?):\/\/[^\s"'<>)\]]+/g, '{url}'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '{uuid}'],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w:])/g, '{date-time}'],
  [/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g, '{http-date}'],
  // The suite's unique values (lib/fixtures.ts, `uid`): `c-1a2b3c4d`, `SKU-1A2B3C4D`, `user-0b61f2e9@example.com`.
  [/(?<![\w-])([A-Za-z]\w*)-[0-9a-f]{8}(?![\w-])/gi, '$1-{id}'],
  // Hex ids (8 or more, with a digit and a letter), and opaque tokens (16 or more, with a digit and a letter).
  [/(?<![\w-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}(?![\w-])/gi, '{id}'],
  [/(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{16,}(?![\w-])/gi, '{id}'],
  // Indexes in paths and pointers (`/data/3/id`, `products/17.json`), whatever their length.
  [/(?<=[A-Za-z_*\]])\/\d+(?=[/\s.,;:)\]'"]|$)/g, '/*'],
  // Numbers of more than three digits are ids, counts or lengths; three digits or fewer are as likely statuses,
  // limits or small lengths that name the cause. Durations (`10000 ms`) and RFC and ISO numbers are the rule's own.
  [/(?<![\w.])(?<!(?:RFC|ISO)[ -])\d{4,}(?![\w.])(?!\s?m?s\b)/g, '{n}'],
];
const vary = (s: string) => VARYING.reduce((out, [pattern, placeholder]) => out.replace(pattern, placeholder), s);

/** Any other reason: its text up to a body excerpt or Playwright's account, what varies replaced, ≤ 160 characters. */
function generalCause(text: string): string {
  let s = text;
  for (const stop of [MATCHER, BODY]) {
    const at = stop.exec(s);
    if (at) s = s.slice(0, at.index);
  }
  return cut(oneLine(vary(s)).replace(/^[\s:;,—]+|[\s:;,—-]+$/g, ''), GENERAL_LENGTH);
}

/**
 * Where the value that starts at `at` ends: a quoted string, a bracketed structure (`{"id": 1}`, `[…]`,
 * pretty-format's `Object {…}`), a known phrase (`length 3`), else one word; `at` itself when there is none.
 */
function valueEnd(s: string, at: number): number {
  const rest = s.slice(at, at + 120);
  const phrase = /^(?:length \S+?(?=[:,;]?(?:\s|$))|a different one that serializes the same|an equal value)/.exec(
    rest,
  );
  if (phrase) return at + phrase[0].length;
  const start = /^(?:(?:Object|Array|Set|Map) )?(?=[[{("'])/.exec(rest)?.[0].length;
  if (start === undefined) return at + /^\S*?(?=[:,;]?(?:\s|$))/.exec(rest)![0].length;
  const close: Record<string, string> = { '[': ']', '{': '}', '(': ')' };
  const stack: string[] = [];
  let quote = '';
  for (let i = start; i < rest.length; i++) {
    const c = rest[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (close[c]) stack.push(close[c]);
    else if (c === stack.at(-1)) stack.pop();
    if (!quote && !stack.length) return at + i + 1;
  }
  return at + Math.min(rest.length, start + 90);
}

/**
 * How long the received value at the start of a gap line's `got …` is, as lib/gap.ts writes it (at most 90
 * characters): one value, or values joined as a diff's lines are (`"id": 0, "name": "x"`, `length 3: [1, 2, 3]`).
 * What follows it is the assertion's own message.
 */
function valueLength(s: string): number {
  let end = valueEnd(s, 0);
  for (let joined = 0; joined < 20 && end < 90; joined++) {
    const sep = /^[:,;] (?=["'[{(\d-]|(?:true|false|null|undefined|nothing)\b)/.exec(s.slice(end));
    const next = sep ? valueEnd(s, end + sep[0].length) : end;
    if (next <= end + (sep?.[0].length ?? 0)) break;
    end = next;
  }
  return end;
}

/**
 * A reason that leads with its gap (lib/gap.ts: `expected a property Location, got nothing`, then the assertion's
 * message, then Playwright's account): the gap, what varies replaced, and the start of the assertion's message, which
 * says what was asserted when the gap alone does not (`expected true, got false`).
 */
function gapCause(text: string): string | undefined {
  const m = /^expected ((?:(?!, got ).){1,120}?), got (.*)$/.exec(text);
  if (!m) return undefined;
  const after = m[2]!;
  const length = valueLength(after);
  const message = generalCause(after.slice(length));
  return cut(
    `${oneLine(vary(`expected ${m[1]}, got ${after.slice(0, length)}`))}${message ? ` — ${message}` : ''}`,
    200,
  );
}

/**
 * The cause of one failure, from its reason: the same text for every failure that failed for the same thing. Never
 * throws: a reason of an unexpected shape is a cause of its own, an empty one is "no reason given".
 */
export function causeOf(f: Failure): string {
  let text: string;
  try {
    const reason: unknown = (f as Failure | undefined)?.reason;
    text = oneLine(typeof reason === 'string' ? reason : reason == null ? '' : String(reason)).slice(0, READ_LENGTH);
  } catch {
    return NO_REASON;
  }
  if (!text) return NO_REASON;
  try {
    const untyped = text.replace(ERROR_NAME, '');
    const tagged = TAG.test(untyped);
    const rest = untyped.replace(TAG, '');
    return (
      (tagged ? contractCause(rest) : undefined) ??
      noAnswerCause(rest) ??
      statusPairCause(rest) ??
      gapCause(rest) ??
      (generalCause(rest) || NO_REASON)
    );
  } catch {
    return cut(text, GENERAL_LENGTH);
  }
}

/**
 * Failures grouped by `causeOf`: the largest group first, then by the cause's text; each group's ids sorted as
 * results.json sorts them, and its example the first of them with an exchange (else the first).
 */
export function groupByCause<T extends Failure>(failures: T[]): { cause: string; ids: string[]; example: T }[] {
  const byCause = new Map<string, T[]>();
  for (const f of failures) {
    const cause = causeOf(f);
    const group = byCause.get(cause);
    if (group) group.push(f);
    else byCause.set(cause, [f]);
  }
  return [...byCause]
    .map(([cause, group]) => {
      const sorted = [...group].sort((a, b) => String(a.id).localeCompare(String(b.id)));
      return {
        cause,
        ids: sorted.map((f) => String(f.id)),
        example: sorted.find((f) => typeof f.evidence === 'string' && f.evidence.trim() !== '') ?? sorted[0]!,
      };
    })
    .sort((a, b) => b.ids.length - a.ids.length || a.cause.localeCompare(b.cause));
}

/** Text as a Markdown code span, shown as written whatever it holds (`*`, `_`, `<`, backticks). */
function codeSpan(text: string): string {
  const s = oneLine(text);
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return s.startsWith('`') || s.endsWith('`') || s === '' ? `${fence} ${s} ${fence}` : `${fence}${s}${fence}`;
}

/** The example's exchange as a fenced block indented under its list item, cut to `max` characters. */
function exchangeBlock(evidence: string | undefined, max: number): string[] {
  const text = typeof evidence === 'string' ? evidence.replace(/\r\n?/g, '\n').replace(/\s+$/, '') : '';
  if (!text) return ['  (no HTTP exchange recorded)'];
  let shown = text;
  if (text.length > max) {
    // At a line's end where one is near, so that no line is cut in two.
    const lineEnd = text.lastIndexOf('\n', max);
    const end = lineEnd > max / 2 ? lineEnd : max;
    shown = `${text.slice(0, end)}\n… (${text.length - end} more characters in results.json)`;
  }
  const longest = Math.max(0, ...(shown.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`  ${fence}http`, ...shown.split('\n').map((l) => `  ${l}`), `  ${fence}`];
}

const bytes = (lines: string[]) => lines.reduce((n, l) => n + Buffer.byteLength(l, 'utf8') + 1, 0);
const positive = (n: number | undefined, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;

/**
 * The Markdown lines of the groups, one list item per cause: `- **N** × cause`, the requirement ids (at most
 * `maxIds`, then "and N more"), the example's reason and its exchange (at most `maxEvidence` characters) in a fenced
 * `http` block under the item. A cause of one failure is an entry like any other. Within `maxBytes`; see its note.
 */
export function causesMarkdown(groups: readonly Cause[], options: CausesMarkdownOptions = {}): string[] {
  const maxIds = positive(options.maxIds, 12);
  const maxEvidence = positive(options.maxEvidence, 1500);
  const maxBytes = positive(options.maxBytes, 60_000);
  const idsOf = (g: Cause) =>
    `${g.ids.slice(0, maxIds).map(codeSpan).join(', ')}${g.ids.length > maxIds ? ` and ${g.ids.length - maxIds} more` : ''}`;
  const head = (g: Cause) => `- **${g.ids.length}** × ${codeSpan(g.cause)}`;
  const full = (g: Cause) => {
    const reason = oneLine(typeof g.example.reason === 'string' ? g.example.reason : '');
    return [
      head(g),
      '',
      `  Requirements: ${idsOf(g)}.`,
      '',
      `  Example ${codeSpan(String(g.example.id))}${reason ? `: ${codeSpan(reason)}` : ''}`,
      '',
      ...exchangeBlock(g.example.evidence, maxEvidence),
      '',
    ];
  };
  const compact = (g: Cause) => [`${head(g)}: ${idsOf(g)} (exchanges in results.json)`];
  const rest = (from: number) => {
    const left = groups.slice(from);
    const failures = left.reduce((n, g) => n + g.ids.length, 0);
    return `- … and ${left.length} more cause(s) of ${failures} failure(s): see results.json and the HTML report.`;
  };
  // Room kept for the last line, should it be needed.
  const budget = maxBytes - bytes([rest(0)]) - 20;
  // A cause gets its exchange only while the causes after it can still be listed, one line each, in the room left (or,
  // should their lines take more than half the room, while half of it is left to them): exchanges are what give way.
  const after: number[] = new Array<number>(groups.length + 1).fill(0);
  for (let i = groups.length - 1; i >= 0; i--) after[i] = after[i + 1]! + bytes(compact(groups[i]!));
  const lines: string[] = [];
  let used = 0;
  let brief = false;
  for (const [i, g] of groups.entries()) {
    let entry = brief ? compact(g) : full(g);
    if (!brief && used + bytes(entry) + Math.min(after[i + 1]!, budget / 2) > budget) {
      brief = true;
      entry = compact(g);
    }
    if (used + bytes(entry) > budget) {
      lines.push(rest(i));
      break;
    }
    lines.push(...entry);
    used += bytes(entry);
  }
  return lines;
}
