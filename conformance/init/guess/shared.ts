// What every guess shares: the facts and the proposal, helpers on their document and on JSON answers, matching our
// fields to theirs, the majority vote, and the making of a proposal or a TODO.
import { isDeepStrictEqual } from 'node:util';
import { escapePointer } from '../../lib/contract.ts';
import { isObject, type DialectKey } from '../../lib/dialect.ts';
import { pathKey, type DocumentFacts, type Operation, type Shape } from '../document.ts';
import { ourValue } from '../ours.ts';
import type { ClientsFile, Exchange, ProbeFacts } from '../probe.ts';
import { likeness } from '../similar.ts';

export type { ClientsFile };

/** What init knows: any of the team's document, the probe of its target, its clients file. */
export interface Facts {
  doc?: DocumentFacts;
  probe?: ProbeFacts;
  clients?: ClientsFile;
}

/** A proposal for one key (`v2Body`, `fields.createProductPrice`, `bodies.createProduct`). */
export interface Proposal {
  key: string;
  /** The value to state; undefined: TODO (the facts did not tell). */
  value?: unknown;
  /** The value is our contract's: written commented out, as "the same as ours". */
  same?: boolean;
  /** What it rests on, one line each. */
  evidence: string[];
  /** For a TODO: what to decide. */
  todo?: string;
  /** Evidence by entry of a map value (`fields`, `scopes`, `events`): written above the entry. */
  entries?: Record<string, string[]>;
  /** Candidates written commented out, for the team to choose (checkout, dispatch). */
  options?: { value: unknown; evidence: string[] }[];
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers on their document and on JSON answers.

/** Their operation at a method and one of our paths (`{id}` and `{productId}` alike). */
export const theirAt = (doc: DocumentFacts | undefined, method: string, path: string) =>
  doc?.operations.find((o) => o.method === method && pathKey(o.path) === pathKey(path));
export const nameOf = (o: Operation) => o.operationId ?? `${o.method} ${o.path}`;
export const listWords = (names: string[], max = 6) =>
  names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;

/** The pointer to the first array in a JSON value, breadth first (`` for the value itself); arrays of objects first. */
export function arrayPointer(value: unknown): string | undefined {
  const queue: [string, unknown][] = [['', value]];
  let anyArray: string | undefined;
  while (queue.length) {
    const [ptr, v] = queue.shift()!;
    if (Array.isArray(v)) {
      if (!v.length || v.every(isObject)) return ptr;
      anyArray ??= ptr;
    } else if (isObject(v)) for (const [k, x] of Object.entries(v)) queue.push([`${ptr}/${escapePointer(k)}`, x]);
  }
  return anyArray;
}
/** The pointer to the first array property of a shape, breadth first. */
export function shapeArrayPointer(shape: Shape | undefined): string | undefined {
  const queue: [string, Shape][] = shape ? [['', shape]] : [];
  while (queue.length) {
    const [ptr, s] = queue.shift()!;
    if (s.types.includes('array')) return ptr;
    for (const [k, x] of Object.entries(s.properties ?? {})) queue.push([`${ptr}/${escapePointer(k)}`, x]);
  }
  return undefined;
}
export const said = (x: Exchange) =>
  x.failure ? `${x.method} ${x.path} failed (${x.failure})` : `${x.method} ${x.path} answered ${x.status}`;

// ---------------------------------------------------------------------------------------------------------------
// Our fields matched to theirs (the webhooks', the resources' and the triggers' guesses).

/** A shape's properties and, one level down, its objects' properties (`subscription/metadata`). */
export function leaves(s: Shape | undefined, depth = 1, prefix = ''): { name: string; shape: Shape }[] {
  return Object.entries(s?.properties ?? {}).flatMap(([k, v]) => [
    { name: `${prefix}${k}`, shape: v },
    ...(depth > 0 && v.properties ? leaves(v, depth - 1, `${prefix}${k}/`) : []),
  ]);
}

/** Our fields matched one to one to theirs, the most alike pair first; ours with no pair above `min` left out. */
export function matchFields(
  ours: { name: string; shape?: Shape }[],
  theirs: { name: string; shape?: Shape }[],
  min = 0.45,
): { ours: string; theirs: string; why: string[]; score: number }[] {
  const pairs = ours.flatMap((o) =>
    theirs.map((t) => ({ o, t, ...likeness(o, { name: t.name.split('/').join(' '), shape: t.shape }) })),
  );
  pairs.sort((a, b) => b.score - a.score || a.o.name.localeCompare(b.o.name) || a.t.name.localeCompare(b.t.name));
  const used = new Set<string>();
  const done = new Set<string>();
  const out: { ours: string; theirs: string; why: string[]; score: number }[] = [];
  for (const p of pairs) {
    if (p.score < min || done.has(p.o.name) || used.has(p.t.name)) continue;
    // A nested name is used whole: its parent is then no field of its own, and the other way round.
    if ([...used].some((u) => u.startsWith(`${p.t.name}/`) || p.t.name.startsWith(`${u}/`))) continue;
    done.add(p.o.name);
    used.add(p.t.name);
    out.push({ ours: p.o.name, theirs: p.t.name, why: p.why, score: p.score });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Votes and proposals.

/** A majority vote: the value with the most voters, and the voters of each value. */
export function majority<T>(votes: [T, string][]): { value?: T; by: Map<string, string[]> } {
  const by = new Map<string, string[]>();
  for (const [v, who] of votes) by.set(JSON.stringify(v), [...(by.get(JSON.stringify(v)) ?? []), who]);
  const best = [...by].sort((a, b) => b[1].length - a[1].length)[0];
  return { value: best ? (JSON.parse(best[0]) as T) : undefined, by };
}

/** A proposal of a value, marked the same as ours where it is. */
export function propose(key: DialectKey, value: unknown, evidence: string[], extra: Partial<Proposal> = {}): Proposal {
  return { key, value, evidence, ...(isDeepStrictEqual(value, ourValue(key)) ? { same: true } : {}), ...extra };
}
export const todo = (key: string, what: string, evidence: string[] = []): Proposal => ({ key, evidence, todo: what });
