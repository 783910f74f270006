// A drafted dialect compared with a dialect written by hand, key by key: how much of a team's own dialect init would
// have guessed. Pure; the outside implementation's test (instruments/outside/init.test.ts) prints it against that
// implementation's dialect. A key is a top-level key of the file, or one entry of `fields` or `bodies`
// (`fields.createGeozone`), as parseDialect states them.
import { isDeepStrictEqual } from 'node:util';
import { CONTRACT_DIALECT, parseDialect, type Dialect } from '../lib/dialect.ts';
import { sameKeysOf, todoKeysOf } from './write.ts';

/**
 * `right`: the same value; `more`: a field map holding every entry of the hand-written one and more; `fewer`: a field
 * map holding some of its entries and none other; `extra`: a key the hand-written file leaves to our contract, stated
 * otherwise by the draft (the answer key cannot say whether it is right); `wrong`, `todo`, `missed`: below.
 */
export type Verdict = 'right' | 'more' | 'fewer' | 'wrong' | 'extra' | 'todo' | 'missed';

export interface Comparison {
  counts: Record<Verdict, number>;
  /** Each key compared, with its verdict; keys neither file has anything to say of are left out. */
  rows: { key: string; verdict: Verdict }[];
  /** The renaming entries of every `fields.<operation>` of the hand-written file, and how many the draft maps alike. */
  fieldEntries: { right: number; total: number };
  /** The `bodies` entries of the hand-written file, and how many the draft states one for (not judged: see below). */
  bodies: { drafted: number; total: number };
}

/** The value a dialect gives a key (`fields.createGeozone`: that entry). */
function valueOf(d: Dialect, key: string): unknown {
  const [root, sub] = key.split('.') as [keyof Dialect, string | undefined];
  const v = d[root] as unknown;
  if (root === 'contactBody') return [d.contactBody, d.contactAnswer];
  return sub ? ((v as Record<string, unknown> | undefined)?.[sub] ?? {}) : v;
}
/** A field map without the entries that keep our name (`ratesUrl: ratesUrl`): they state nothing. */
const renamed = (v: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries((v ?? {}) as Record<string, unknown>).filter(
      ([ours, theirs]) => !isDeepStrictEqual(theirs, { name: ours }),
    ),
  );
/** Two field maps by entry: equal, one holding the other's entries and more, or at odds. */
function byEntry(draft: unknown, key: unknown): Verdict {
  const [d, k] = [renamed(draft), renamed(key)];
  const alike = (f: string) => f in d && f in k && isDeepStrictEqual(d[f], k[f]);
  if (Object.keys(d).some((f) => f in k && !alike(f))) return 'wrong';
  const onlyDraft = Object.keys(d).filter((f) => !(f in k)).length;
  const onlyKey = Object.keys(k).filter((f) => !(f in d)).length;
  return onlyDraft && onlyKey ? 'wrong' : onlyDraft ? 'more' : onlyKey ? 'fewer' : 'right';
}
/**
 * The keys a file states, `fields` by its entries. `bodies` are not among them: a body is example values, any the
 * target accepts will do, so two bodies are not right or wrong against each other; they are counted apart.
 */
const keysOf = (stated: Set<string>, d: Dialect) =>
  [...stated]
    .filter((k) => !k.startsWith('bodies.'))
    .flatMap((k) => (k === 'fields' ? Object.keys(d.fields).map((op) => `fields.${op}`) : [k]));

/**
 * The draft against the key: `right`, the draft's value is the key's (a key the draft leaves as "the same as ours"
 * counts as stating ours; a field map is compared by entry, `more` and `fewer` as above); `wrong`, it gives another
 * value; `extra`, it states a key the hand-written one leaves to our contract with a value other than ours; `todo`,
 * the draft marks TODO a key the hand-written one states; `missed`, the draft says nothing of a key the hand-written
 * one states.
 */
export function compareDialects(draftText: string, keyText: string): Comparison {
  const draft = parseDialect(draftText, 'draft');
  const key = parseDialect(keyText, 'key');
  const todo = new Set(todoKeysOf(draftText));
  const same = new Set(sameKeysOf(draftText));
  const draftKeys = new Set(keysOf(draft.stated, draft.dialect));
  const keyKeys = new Set(keysOf(key.stated, key.dialect));
  const all = [...new Set([...keyKeys, ...draftKeys])].sort();
  const rows: Comparison['rows'] = [];
  for (const k of all) {
    const inKey = keyKeys.has(k);
    const stated = draftKeys.has(k) || same.has(k);
    const [d, theirs] = [valueOf(draft.dialect, k), valueOf(key.dialect, k)];
    const alike = k.startsWith('fields.') ? byEntry(d, theirs) : isDeepStrictEqual(d, theirs) ? 'right' : 'wrong';
    if (inKey) rows.push({ key: k, verdict: stated ? alike : todo.has(k) ? 'todo' : 'missed' });
    else if (draftKeys.has(k) && !isDeepStrictEqual(d, valueOf(CONTRACT_DIALECT, k)))
      rows.push({ key: k, verdict: k.startsWith('fields.') && !Object.keys(renamed(d)).length ? 'right' : 'extra' });
  }
  const counts: Record<Verdict, number> = { right: 0, more: 0, fewer: 0, wrong: 0, extra: 0, todo: 0, missed: 0 };
  for (const r of rows) counts[r.verdict]++;
  const fieldEntries = { right: 0, total: 0 };
  for (const [op, maps] of Object.entries(key.dialect.fields))
    for (const [ours, theirs] of Object.entries(renamed(maps))) {
      fieldEntries.total++;
      if (isDeepStrictEqual(draft.dialect.fields[op]?.[ours], theirs)) fieldEntries.right++;
    }
  const keyBodies = Object.keys(key.dialect.bodies);
  const bodies = { drafted: keyBodies.filter((b) => b in draft.dialect.bodies).length, total: keyBodies.length };
  return { counts, rows, fieldEntries, bodies };
}
