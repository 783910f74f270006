// The v2 envelopes (§2.1, D-01, D-03), and the same written from items already serialized (the fast path of lists and
// gets), whose answers are kept by the resource's JSON cache (store/kept.ts).
import type { JsonCache } from '../store/kept.ts';
import type { Reply, Req } from './types.ts';

export const single = (status: 200 | 201, data: unknown) => ({ status, body: { success: true, status, data } });

const SINGLE_HEAD = Buffer.from('{"success":true,"status":200,"data":');
const CLOSE = Buffer.from('}');

/**
 * `single(200, data)` with `data` already UTF-8 JSON led by a comma (the fast path of gets, store/resource.ts
 * `findJson`): the bytes `single` serializes to, built once per item kept in `kept`, the cache of the item's resource.
 */
export function singleJson(item: Buffer, kept: JsonCache): Reply {
  return { status: 200, json: kept.single(item, singleOf) };
}
const singleOf = (item: Buffer) => Buffer.concat([SINGLE_HEAD, item.subarray(1), CLOSE]);

/** The list envelope; `links` keep every filter and the limit (D-03). */
export function listEnvelope(req: Req, data: unknown[], total: number) {
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 100);
  const totalPages = Math.ceil(total / limit);
  const [path, search = ''] = req.path.split('?');
  const link = (p: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(p));
    q.set('limit', String(limit));
    return `${path}?${q.toString()}`;
  };
  return {
    status: 200,
    body: {
      success: true,
      status: 200,
      data,
      pagination: { page, limit, total, totalPages },
      links: {
        self: link(page),
        previous: page > 1 ? link(Math.min(page - 1, Math.max(totalPages, 1))) : null,
        next: page < totalPages ? link(page + 1) : null,
      },
    },
  };
}

/**
 * `listEnvelope` with each item already UTF-8 JSON led by a comma (the fast path of lists, store/resource.ts
 * `listJson`): the bytes `listEnvelope` serializes to, reused by `kept`, the cache of the items' resource, while they
 * would be built from the very same items.
 */
export function listEnvelopeJson(req: Req, items: Buffer[], total: number, kept: JsonCache): Reply {
  const json = kept.list(req.path, items, total, () => {
    // The envelope is a function of the path (page, limit, filters: links) and the total; the data, of the items.
    // `data` is the envelope's first array, before `pagination` and `links`, so the first `"data":[]` is its place.
    const text = JSON.stringify(listEnvelope(req, [], total).body);
    const at = text.indexOf('"data":[]') + '"data":['.length;
    const [first, ...rest] = items;
    const data = first ? [first.subarray(1), ...rest] : [];
    return Buffer.concat([Buffer.from(text.slice(0, at)), ...data, Buffer.from(text.slice(at))]);
  });
  return { status: 200, json };
}
