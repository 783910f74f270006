// `scopes`: the target's names for the scopes of ours that guard the operations §5's table names no scope for (D-07).
// A run asks for the scopes so named (lib/config.ts), and the requirements of §5 judge an operation's scopes by them
// (requirements/auth.ts).
import { op, operations, SCOPE_TABLE, scopes } from '../contract.ts';
import { isName, isObject, type Descriptor, type Dialect } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /**
     * The target's name for each scope of ours that guards operations §5 names no scope for (D-07); or, where the
     * target splits one of ours, its scope names each with the operations of ours it covers.
     */
    scopes: Record<string, string | Record<string, string[]>>;
  }
}

/** The scopes §5's table names (`products`, `products.readonly`, …), as the document writes them. */
export const tableScopes = (): Set<string> => new Set(SCOPE_TABLE.flatMap((id) => op(id).security?.flat() ?? []));

/** The operations a scope of ours covers (an alternative of their security holds it). */
const coveredBy = (ours: string): string[] =>
  operations.filter((o) => o.security?.some((alt) => alt.includes(ours))).map((o) => o.operationId);

/**
 * The target's name for one of our scopes (D-07) where `operationId` calls for it: the one name stated, or the name
 * of the target's scope the dialect says covers that operation; and the scopes of the run: the document's, so named.
 */
export function scopeOf(d: Dialect, ours: string, operationId?: string): string {
  const stated = Object.hasOwn(d.scopes, ours) ? d.scopes[ours]! : ours;
  if (typeof stated === 'string') return stated;
  const names = Object.keys(stated);
  return names.find((n) => operationId !== undefined && stated[n]!.includes(operationId)) ?? names[0]!;
}
export const scopesOf = (d: Dialect): string[] => [
  ...new Set(
    scopes.flatMap((s) => {
      const stated = Object.hasOwn(d.scopes, s) ? d.scopes[s]! : s;
      return typeof stated === 'string' ? [stated] : Object.keys(stated);
    }),
  ),
];

export const descriptor: Descriptor<'scopes'> = {
  key: 'scopes',
  accepts:
    "a map of our scopes that §5's table does not name to the target's scope names (or to a map of the target's scope names to the operationIds of ours each covers)",
  decision: 'D-07',
  readme: {
    takes:
      "our scopes of the operations §5's table does not name (`settings`, `settings.readonly`, `shipping`, `shipping.readonly`, …) to yours; where one of ours is split among yours, to a map of your scope names to the operations of ours each covers (`settings: { config: [listGeozones, …], people: [listAccessRoles, …] }`, every operation the table below gives our scope, once)",
  },
  default: { scopes: {} },
  read(value, say) {
    const split = (v: unknown) =>
      isObject(v) &&
      Object.keys(v).every(isName) &&
      Object.values(v).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'));
    if (!isObject(value) || !Object.values(value).every((v) => isName(v) || split(v))) return undefined;
    const named = tableScopes();
    for (const [ours, v] of Object.entries(value)) {
      if (named.has(ours)) say(`scopes.${ours} is named by §5's table, not by a dialect`);
      else if (!scopes.includes(ours)) say(`scopes.${ours} is not a scope of the document`);
      else if (isObject(v)) {
        // A split covers each operation of our scope exactly once, so that every operation has one name.
        const covered = coveredBy(ours);
        const given = Object.values(v).flat() as string[];
        for (const id of given.filter((g) => !covered.includes(g)))
          say(`scopes.${ours}: ${id} is not an operation our ${ours} covers (${covered.join(', ')})`);
        for (const id of covered.filter((c) => given.filter((g) => g === c).length !== 1))
          say(`scopes.${ours}: ${id} must be listed under exactly one of your scopes`);
      }
    }
    return { scopes: value as Dialect['scopes'] };
  },
  // Under the source profile (lib/api.ts): a 403 to the full client on an operation §5's table does not name (its
  // scope names are D-07's; a clients file's full client holds every scope of the target), the key unstated.
  assumedByAnswer(loaded, operationId, call, status) {
    if (status !== 403 || (call.as ?? 'full') !== 'full' || loaded.stated.has('scopes')) return undefined;
    if (SCOPE_TABLE.includes(operationId)) return undefined;
    return {
      key: 'scopes',
      reason: `needs ${descriptor.decision}: ${operationId} answered 403 to the client holding every scope; state the target's scope names in the dialect as scopes`,
    };
  },
};
