// Helpers of the pagination faults: the list envelope's links are paths with a query string (D-03).
import type { Json } from '../../openapi/contract.ts';

/** `link` with `page` set to `page` (other parameters kept). */
export function withPage(link: string, page: number): string {
  const [path, search = ''] = link.split('?');
  const q = new URLSearchParams(search);
  q.set('page', String(page));
  return `${path}?${q.toString()}`;
}

/** True for a v2 list envelope. */
export const isList = (body: Json) => body?.success === true && body.pagination && body.links;
