// Which requirements a run judges: `--only` (CONFORMANCE_ONLY) and `--area` (CONFORMANCE_AREA),
// matched by the suite itself against each requirement's id, area and location, never through Playwright's --grep
// (whose tests are operations, not requirements). Pure, and unit-tested.

/** What a term is matched against. */
export interface Selectable {
  id: string;
  area: string;
  /** `requirements/products.ts:161` */
  location: string;
}

/**
 * One term: an id pattern with `*` for any run of characters (`createContact.*`, `*.auth.bad-token`), `@area`, or
 * `file:line` of a declaration (`products.ts:161`, any trailing part of its path). A term that starts with `-` leaves
 * out what it matches.
 */
function matcher(term: string): (r: Selectable) => boolean {
  if (term.startsWith('@')) return (r) => r.area === term.slice(1);
  if (/^[^*\s]+\.[jt]s:\d+$/.test(term)) {
    const t = term.replace(/\.js:/, '.ts:');
    return (r) => r.location === t || r.location.endsWith(`/${t}`);
  }
  const re = new RegExp(
    `^${term
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return (r) => re.test(r.id);
}

/** The terms of a comma-separated list, trimmed, empty ones dropped. */
export const termsOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * A predicate over requirements: selected when no positive term is given or one matches (`only` terms, or `areas`),
 * and no `-` term matches. `--area a,b` is `--only @a,@b`, and both lists must match when both are given.
 */
export function selector(only?: string, areas?: string): (r: Selectable) => boolean {
  const terms = termsOf(only);
  const positive = terms.filter((t) => !t.startsWith('-')).map(matcher);
  const negative = terms.filter((t) => t.startsWith('-')).map((t) => matcher(t.slice(1)));
  const inAreas = termsOf(areas).map((a) => matcher(`@${a.replace(/^@/, '')}`));
  return (r) =>
    (!positive.length || positive.some((m) => m(r))) &&
    (!inAreas.length || inAreas.some((m) => m(r))) &&
    !negative.some((m) => m(r));
}
