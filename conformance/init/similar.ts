// How alike two fields are: one of ours and one of the team's, by name, then type, then description. Pure; guess/
// matches a create operation's fields, a delivery's parts and a trigger's placeholders with it. A name is split into
// its words (camelCase, `_`, `-`, `/`, `[…]`), each word reduced to a stem; words of one group below count as the
// same word. The groups are the usual vocabulary of store APIs, not the names of any one implementation.
import { typeWords, type Shape } from './document.ts';

const GROUPS: string[][] = [
  ['title', 'name', 'label', 'heading'],
  ['price', 'amount', 'cost', 'total'],
  ['exc', 'net', 'unit', 'excluding'],
  ['inc', 'gross', 'including'],
  ['modifier', 'markup', 'adjustment', 'surcharge'],
  ['fixed', 'flat', 'amount'],
  ['percentage', 'percent', 'pct'],
  ['sequence', 'sort', 'order', 'position', 'rank', 'priority'],
  ['min', 'minimum', 'from', 'earliest', 'least'],
  ['max', 'maximum', 'to', 'latest', 'most'],
  ['start', 'begin', 'from', 'valid'],
  ['end', 'until', 'expire', 'finish'],
  ['country', 'area', 'region', 'territory'],
  ['value', 'text', 'option'],
  ['specification', 'spec', 'attribute', 'property'],
  ['quantity', 'qty', 'units', 'count'],
  ['item', 'line', 'product', 'cart'],
  ['destination', 'ship', 'shipto', 'recipient', 'deliver', 'address'],
  ['delivery', 'parcel', 'package', 'consignment', 'box', 'shipment', 'eta', 'arrival'],
  ['date', 'on', 'at', 'day', 'time'],
  ['option', 'rate', 'quote', 'offer'],
  ['shipping', 'carrier', 'courier', 'logistic'],
  ['calculator', 'class'],
  ['metadata', 'meta', 'context'],
  ['event', 'topic', 'type', 'kind'],
  ['data', 'object', 'payload', 'resource', 'entity', 'body', 'record'],
  ['verification', 'verify', 'confirm'],
  ['approval', 'approve', 'manual'],
  ['dispatch', 'shipping', 'send'],
  ['active', 'enabled', 'live'],
];

/** A word's stem: lower case, a plural or verb ending taken off (`starts` → `start`, `created` → `creat`). */
export function stem(word: string): string {
  let w = word.toLowerCase();
  for (const suffix of ['ies', 'ing', 'ed', 'es', 's'])
    if (w.length > suffix.length + 2 && w.endsWith(suffix) && (suffix !== 'es' || /(s|x|z|ch|sh)es$/.test(w))) {
      w = w.slice(0, -suffix.length) + (suffix === 'ies' ? 'y' : '');
      break;
    }
  return w;
}
const groupStems = GROUPS.map((g) => new Set(g.map(stem)));

/** The words of a name: `priceExcTax` → price, exc, tax; `page[size]` → page, size; `grantPolicy/emailVerification`. */
export const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(stem);

/** Whether two word stems are the same word: equal, one a prefix of the other (3+ letters), or in one group. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length >= 3 && b.length >= 3 && (a.startsWith(b) || b.startsWith(a))) return true;
  return groupStems.some((g) => g.has(a) && g.has(b));
}

/** How alike two names are, 0 to 1: the share of words of each found in the other (the lower of the two shares' mean). */
export function nameScore(a: string, b: string): number {
  const wa = wordsOf(a).filter((w) => w !== 'id' || wordsOf(b).includes('id'));
  const wb = wordsOf(b);
  if (!wa.length || !wb.length) return 0;
  const inB = wa.filter((w) => wb.some((x) => sameWord(w, x))).length / wa.length;
  const inA = wb.filter((w) => wa.some((x) => sameWord(w, x))).length / wb.length;
  return (inA + inB) / 2;
}

const STOP = new Set(
  'a an the of to in on for and or is be it its this that with by as at from when which are any each one not no may its'.split(
    ' ',
  ),
);
const contentWords = (text: string | undefined): Set<string> =>
  new Set(
    (text ?? '')
      .replace(/`[^`]*`/g, ' ')
      .replace(/\(D-\d+[^)]*\)/g, ' ')
      .split(/[^A-Za-z0-9§]+/)
      .map((w) => stem(w))
      .filter((w) => w.length > 1 && !STOP.has(w)),
  );

/** How alike two descriptions are, 0 to 1 (their content words shared, over the shorter's). */
export function descriptionScore(a: string | undefined, b: string | undefined): number {
  const wa = contentWords(a);
  const wb = contentWords(b);
  if (wa.size < 2 || wb.size < 2) return 0;
  const shared = [...wa].filter((w) => [...wb].some((x) => sameWord(w, x))).length;
  return shared / Math.min(wa.size, wb.size);
}

const kinds = (s: Shape | undefined) =>
  new Set((s?.types ?? []).filter((t) => t !== 'null').map((t) => (t === 'integer' ? 'number' : t)));

/** Whether two shapes can hold the same values: 1 the same kinds, 0.5 overlapping or unknown, 0 apart. */
export function typeScore(a: Shape | undefined, b: Shape | undefined): number {
  const ka = kinds(a);
  const kb = kinds(b);
  if (!ka.size || !kb.size) return 0.5;
  const shared = [...ka].filter((k) => kb.has(k));
  if (!shared.length) return 0;
  if (shared.length === ka.size && shared.length === kb.size) {
    if (ka.has('array') && a?.items && b?.items) return typeScore(a.items, b.items) === 0 ? 0.5 : 1;
    return 1;
  }
  return 0.75;
}

/** A candidate pairing: how alike, and why in words. */
export interface Likeness {
  score: number;
  why: string[];
}

/**
 * How alike one of our fields and one of theirs are: by name first (a word in common or of one group), then type and
 * description. A pair whose names share nothing counts only when their descriptions are alike.
 */
export function likeness(ours: { name: string; shape?: Shape }, theirs: { name: string; shape?: Shape }): Likeness {
  const n = nameScore(ours.name, theirs.name);
  const d = descriptionScore(ours.shape?.description, theirs.shape?.description);
  const t = typeScore(ours.shape, theirs.shape);
  const why: string[] = [];
  if (n > 0) why.push(`names alike (${ours.name}↔${theirs.name})`);
  if (d >= 0.3) why.push('descriptions alike');
  if (t === 0) why.push('types differ');
  const score = (0.65 * n + 0.35 * d) * (t === 0 ? 0.4 : t === 1 ? 1 : 0.85);
  return { score, why };
}

/** A field of a shape in words for a comment: `unitPrice (number or string, "Price of one unit excluding tax")`. */
export function fieldWords(name: string, s: Shape | undefined): string {
  const d = s?.description
    ?.split(/(?<=[.;])\s/)[0]
    ?.replace(/\s+/g, ' ')
    .trim();
  return `${name} (${typeWords(s)}${d ? `, "${d.length > 70 ? `${d.slice(0, 67)}…` : d}"` : ''})`;
}
