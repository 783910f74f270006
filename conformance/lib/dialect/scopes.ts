// `scopes`: the target's names for the scopes of ours that guard the operations §5's table names no scope for (D-07).
// A run asks for the scopes so named (lib/config.ts), and the requirements of §5 judge an operation's scopes by them
// (requirements/auth.ts).
import { op, SCOPE_TABLE, scopes } from '../contract.ts';
import { isName, isObject, type Descriptor, type Dialect } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /** The target's name for each scope of ours that guards operations §5 names no scope for (D-07). */
    scopes: Record<string, string>;
  }
}

/** The scopes §5's table names (`products`, `products.readonly`, …), as the document writes them. */
export const tableScopes = (): Set<string> => new Set(SCOPE_TABLE.flatMap((id) => op(id).security?.flat() ?? []));

/** The target's name for one of our scopes (D-07), and the scopes of the run: the document's, so named. */
export const scopeOf = (d: Dialect, ours: string): string => (Object.hasOwn(d.scopes, ours) ? d.scopes[ours]! : ours);
export const scopesOf = (d: Dialect): string[] => [...new Set(scopes.map((s) => scopeOf(d, s)))];

export const descriptor: Descriptor<'scopes'> = {
  key: 'scopes',
  accepts: "a map of our scopes that §5's table does not name to the target's scope names",
  decision: 'D-07',
  readme: {
    takes:
      "our scopes of the operations §5's table does not name (`settings`, `settings.readonly`, `shipping`, `shipping.readonly`, …) to yours",
  },
  default: { scopes: {} },
  read(value, say) {
    if (!isObject(value) || !Object.values(value).every(isName)) return undefined;
    const named = tableScopes();
    for (const ours of Object.keys(value))
      if (named.has(ours)) say(`scopes.${ours} is named by §5's table, not by a dialect`);
      else if (!scopes.includes(ours)) say(`scopes.${ours} is not a scope of the document`);
    return { scopes: value as Record<string, string> };
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
