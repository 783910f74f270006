// The v2 envelopes (§2.1, D-01, D-03).
import type { Reply, Req } from './types.ts';

export const single = (status: 200 | 201, data: unknown) => ({ status, body: { success: true, status, data } });

const SINGLE_HEAD = Buffer.from('{"success":true,"status":200,"data":');
const CLOSE = Buffer.from('}');
/**
 * The answers built from kept items (store/resource.ts keeps each row's JSON between changes, as one Buffer per
 * value of its derived field): an answer is reused while it would be built from the very same Buffers, which then
 * hold the very same bytes. Keyed by those objects (gets) or by the app's Resource instance (lists): per app.
 */
const singles = new WeakMap<Buffer, Buffer>();
const lists = new WeakMap<object, Map<string, { items: Buffer[]; total: number; json: Buffer }>>();
/** Answers kept per resource, one per path (with its query). */
const LISTS_KEPT = 100;

/**
 * `single(200, data)` with `data` already UTF-8 JSON led by a comma (the fast path of gets, store/resource.ts
 * `findJson`): the bytes `single` serializes to.
 */
export function singleJson(item: Buffer): Reply {
  let json = singles.get(item);
  if (!json) singles.set(item, (json = Buffer.concat([SINGLE_HEAD, item.subarray(1), CLOSE])));
  return { status: 200, json };
}

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
 * `listJson`): the bytes `listEnvelope` serializes to. `owner`: the app's Resource the items were kept by.
 */
export function listEnvelopeJson(req: Req, items: Buffer[], total: number, owner: object): Reply {
  let kept = lists.get(owner);
  if (!kept) lists.set(owner, (kept = new Map()));
  // The envelope is a function of the path (page, limit, filters: links) and the total; the data, of the items.
  const last = kept.get(req.path);
  if (last && last.total === total && last.items.length === items.length && last.items.every((b, i) => b === items[i]))
    return { status: 200, json: last.json };
  // `data` is the envelope's first array, before `pagination` and `links`, so the first `"data":[]` is its place.
  const text = JSON.stringify(listEnvelope(req, [], total).body);
  const at = text.indexOf('"data":[]') + '"data":['.length;
  const [first, ...rest] = items;
  const data = first ? [first.subarray(1), ...rest] : [];
  const json = Buffer.concat([Buffer.from(text.slice(0, at)), ...data, Buffer.from(text.slice(at))]);
  if (!last && kept.size >= LISTS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(req.path, { items, total, json });
  return { status: 200, json };
}
