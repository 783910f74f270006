// The envelopes of a resource's bodies and answers: the v2 ones (§2.1, D-01, D-03), or a name its own (shipping
// services, D-18). Gets and lists are written from items already serialized (store/resource.ts `findJson`,
// `listJson`), and their answers kept by the resource's JSON cache (store/kept.ts).
import type { JsonCache } from '../store/kept.ts';
import type { Obj, ResourceDef } from '../store/types.ts';
import type { Reply, Req } from './types.ts';

/** How the CRUD handlers (crud.ts) read a write's body and write a resource's answers. */
export interface Envelope {
  /** The resource a write's body holds. */
  input(body: unknown): Obj;
  /** The answer of an add (201) or an update (200). */
  one(status: 200 | 201, data: Obj): Reply;
  /** The answer of a get, from its item (UTF-8 JSON led by a comma), built once per item kept in `kept`, the cache of
   * the item's resource. */
  oneJson(item: Buffer, kept: JsonCache): Reply;
  /** The answer of a list, from its items (each UTF-8 JSON led by a comma), reused by `kept` while it would be built
   * from the very same items. */
  listJson(req: Req, items: Buffer[], total: number, kept: JsonCache): Reply;
}

/** The envelopes of the resource `def`: its `wrappedIn` names (D-18), else the v2 ones. */
export const envelopeOf = (def: ResourceDef): Envelope => (def.wrappedIn ? wrapped(def.wrappedIn) : v2);

export const single = (status: 200 | 201, data: unknown) => ({ status, body: { success: true, status, data } });

const SINGLE_HEAD = Buffer.from('{"success":true,"status":200,"data":');
const CLOSE = Buffer.from('}');
/** The bytes `single(200, data)` serializes to, with `data` already UTF-8 JSON led by a comma (`item`). */
const singleOf = (item: Buffer) => Buffer.concat([SINGLE_HEAD, item.subarray(1), CLOSE]);

/** The v2 envelopes: a body's `data` (D-01), `single`, and the list envelope (§2.1, D-03). */
export const v2: Envelope = {
  input: (body) => (body as { data: Obj }).data,
  one: single,
  oneJson: (item, kept) => ({ status: 200, json: kept.single(item, singleOf) }),
  listJson: (req, items, total, kept) => ({
    status: 200,
    json: kept.list(req.path, items, total, () => {
      // The envelope is a function of the path (page, limit, filters: links) and the total; the data, of the items.
      // `data` is the envelope's first array, before `pagination` and `links`, so the first `"data":[]` is its place.
      const text = JSON.stringify(listEnvelope(req, [], total).body);
      const at = text.indexOf('"data":[]') + '"data":['.length;
      return Buffer.concat([Buffer.from(text.slice(0, at)), ...joined(items), Buffer.from(text.slice(at))]);
    }),
  }),
};

/** Bodies and answers wrapped in `item` (`{"shippingService": {…}}`), a list in `list`, with no pagination (D-18). */
function wrapped({ item: name, list: listName }: { item: string; list: string }): Envelope {
  const head = Buffer.from(`{${JSON.stringify(name)}:`);
  const listHead = Buffer.from(`{${JSON.stringify(listName)}:[`);
  const listClose = Buffer.from(']}');
  const oneOf = (item: Buffer) => Buffer.concat([head, item.subarray(1), CLOSE]);
  return {
    input: (body) => (body as Record<string, Obj>)[name]!,
    one: (status, data) => ({ status, body: { [name]: data } }),
    oneJson: (item, kept) => ({ status: 200, json: kept.single(item, oneOf) }),
    listJson: (req, items, total, kept) => ({
      status: 200,
      json: kept.list(req.path, items, total, () => Buffer.concat([listHead, ...joined(items), listClose])),
    }),
  };
}

/** Items (each UTF-8 JSON led by a comma) as the chunks of a JSON array's content: the first one's comma left out. */
function joined(items: Buffer[]): Buffer[] {
  const [first, ...rest] = items;
  return first ? [first.subarray(1), ...rest] : [];
}

/** The list envelope; `links` keep every filter and the limit (D-03). */
function listEnvelope(req: Req, data: unknown[], total: number) {
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
