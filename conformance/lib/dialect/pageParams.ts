// `pageParams`: the query parameters choosing the page and its size (D-03: `page`, `limit`; §8 "not shown").
import { isName, isObject, type Descriptor, type Dialect } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /** The query parameters choosing the page and its size (D-03: `page`, `limit`; §8 "not shown"). */
    pageParams: Record<'page' | 'limit', string>;
  }
}

/** A query in our contract's names, as the target's dialect names it: the page and its size (D-03). */
export function queryToTarget<V>(d: Dialect, query: Record<string, V>): Record<string, V> {
  const names: Record<string, string> = d.pageParams;
  if (names.page === 'page' && names.limit === 'limit') return query;
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [Object.hasOwn(names, k) ? names[k]! : k, v]));
}

export const descriptor: Descriptor<'pageParams'> = {
  key: 'pageParams',
  accepts: 'a map of page and limit to query parameter names',
  decision: 'D-03',
  readme: { takes: '`page`, `limit` to your parameter names' },
  default: { pageParams: { page: 'page', limit: 'limit' } },
  read: (value) =>
    isObject(value) && Object.entries(value).every(([k, v]) => (k === 'page' || k === 'limit') && isName(v))
      ? { pageParams: { page: 'page', limit: 'limit', ...(value as Record<string, string>) } }
      : undefined,
  // Under the source profile (lib/api.ts): our paging refused, with the key unstated.
  assumedByAnswer(loaded, operationId, call, status) {
    const paging = Object.keys(call.query ?? {}).filter((k) => k === 'page' || k === 'limit');
    if ((status !== 400 && status !== 422) || !paging.length || loaded.stated.has('pageParams')) return undefined;
    return {
      key: 'pageParams',
      reason: `needs ${descriptor.decision}: ${operationId} refused (${status}) our ${paging.join(' and ')} parameter; state the target's names in the dialect as pageParams`,
    };
  },
};
