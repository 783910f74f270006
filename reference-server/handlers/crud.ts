// list/get/create/update/delete of a v2 resource (§4.3), shared by every resource stored as one table.
import { tx } from '../store/db.ts';
import type { Ctx, Obj, Resource } from '../store/resource.ts';
import { listEnvelope, single } from './envelopes.ts';
import type { Reply, Req } from './types.ts';

export const ctxOf = (req: Req): Ctx => ({ db: req.db, now: req.now, clientId: req.client?.clientId ?? '' });
const itemId = (req: Req) => Number(req.params.id ?? req.params.mediaId);

export function crud(r: Resource) {
  const parentId = (req: Req) => (r.def.parent ? Number(req.params[r.def.parent.param]) : undefined);
  const data = (req: Req) => (req.body as { data: Obj }).data;
  return {
    list: (req: Req): Reply => {
      const { items, total } = r.list(ctxOf(req), req.query, parentId(req));
      return listEnvelope(req, items, total);
    },
    get: (req: Req): Reply => single(200, r.get(ctxOf(req), itemId(req), parentId(req))),
    create: (req: Req): Reply => single(201, tx(req.db, () => r.create(ctxOf(req), data(req), parentId(req)))),
    update: (req: Req): Reply => single(200, tx(req.db, () => r.update(ctxOf(req), itemId(req), data(req), parentId(req)))),
    delete: (req: Req): Reply => { tx(req.db, () => r.delete(ctxOf(req), itemId(req), parentId(req))); return { status: 204 }; },
  };
}
