// list/get/create/update/delete of a resource (§4.3), shared by every resource stored as one table, in its envelopes
// (envelopes.ts), and which operations of the contract they serve.
import { op, operations } from '../../openapi/contract.ts';
import { notFound } from '../../shared/errors.ts';
import type { Resources } from '../resources/index.ts';
import { tx } from '../store/db.ts';
import type { Ctx, ResourceDef } from '../store/types.ts';
import { envelopeOf } from './envelopes.ts';
import type { Reply, Req } from './types.ts';

/** The store's view of a request: its database, clock, caller and the app's outbox. */
export const ctxOf = (req: Req): Ctx => ({
  db: req.db,
  now: req.now,
  clientId: req.client?.clientId ?? '',
  events: req.services.outbox,
});

const itemId = (req: Req) => Number(req.params.id ?? req.params.mediaId);

/**
 * The five handlers of the resource `def`, reading the app's instance of it on each request. Lists and gets answer
 * with the JSON the store keeps per row (store/resource.ts `listJson`, `findJson`).
 */
export function crud(def: ResourceDef) {
  const envelope = envelopeOf(def);
  const resource = (req: Req) => req.services.resources[def.name as keyof Resources];
  const parentId = (req: Req) => (def.parent ? Number(req.params[def.parent.param]) : undefined);
  return {
    list: (req: Req): Reply => {
      const r = resource(req);
      const { items, total } = r.listJson(ctxOf(req), req.query, parentId(req));
      return envelope.listJson(req, items, total, r.kept);
    },
    get: (req: Req): Reply => {
      const r = resource(req);
      const item = r.findJson(ctxOf(req), itemId(req), parentId(req)) ?? notFound('id', def.schema);
      return envelope.oneJson(item, r.kept);
    },
    create: (req: Req): Reply =>
      envelope.one(
        201,
        tx(req.db, () => resource(req).create(ctxOf(req), envelope.input(req.body), parentId(req))),
      ),
    update: (req: Req): Reply =>
      envelope.one(
        200,
        tx(req.db, () => resource(req).update(ctxOf(req), itemId(req), envelope.input(req.body), parentId(req))),
      ),
    delete: (req: Req): Reply => {
      tx(req.db, () => resource(req).delete(ctxOf(req), itemId(req), parentId(req)));
      return { status: 204 };
    },
  };
}

export type CrudKind = keyof ReturnType<typeof crud>;
/** What each operation does, by its method and whether its path names one item (`…/{id}.json`) or the collection. */
const kinds: Record<string, CrudKind> = {
  'GET collection': 'list',
  'POST collection': 'create',
  'GET item': 'get',
  'PUT item': 'update',
  'DELETE item': 'delete',
};

/**
 * The operations a resource's CRUD handlers serve: those of its list operation's tag in the contract (the document
 * groups a resource's operations by tag), by what each does.
 */
export function crudOperations(listOperation: string): [operationId: string, kind: CrudKind][] {
  const [tag] = op(listOperation).tags;
  return operations
    .filter((o) => o.tags.includes(tag!))
    .map((o) => {
      const kind = kinds[`${o.method} ${o.path.endsWith('}.json') ? 'item' : 'collection'}`];
      if (!kind) throw new Error(`${o.operationId} (tag ${tag}) is no CRUD operation: give its resource own handlers`);
      return [o.operationId, kind];
    });
}
