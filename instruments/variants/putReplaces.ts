import { deref, isNullable, op, operations, type Json } from '../../openapi/contract.ts';
import { ApiError } from '../../shared/errors.ts';
import { crudOperations, ctxOf } from '../../reference-server/handlers/crud.ts';
import type { Obj, ResourceDef } from '../../reference-server/store/types.ts';
import { allResources, wrapHandler, type OperationId } from '../faults/lib.ts';
import type { Variant } from './types.ts';

/**
 * Numbers the server allots on add, the next one among the rows (`sequence` of media, downloads, specifications and
 * values, a product's `quickfind`): allotted once, they stay the row's, as an id does.
 */
const ALLOTTED = ['sequence', 'quickfind'];

/** The JSON body schema of an operation, its wrapper (`data`, or a resource's own, D-18) opened. */
function bodyOf(operationId: string, wrapper: string): Json {
  const pointer = op(operationId).bodyPointer;
  return pointer ? deref(deref(deref({ $ref: pointer })?.properties?.[wrapper])) : undefined;
}

/** An object schema's properties and `required`, its `allOf` parts merged (`anyOf`/`oneOf` are alternatives). */
function merged(schema: Json): { properties: Record<string, Json>; required: string[] } {
  const s = deref(schema);
  if (!s || typeof s !== 'object') return { properties: {}, required: [] };
  const parts = ((s.allOf ?? []) as Json[]).map(merged);
  return {
    properties: Object.assign({}, ...parts.map((p) => p.properties), s.properties ?? {}),
    required: [...new Set([...(s.required ?? []), ...parts.flatMap((p) => p.required)])],
  };
}

/**
 * What a replacing update sets for each writable field of a resource the body leaves out: what an add without it
 * stores (the definition's `defaults`, else null for a field that takes null). Left out of it, and so kept: the
 * read-only fields, the fields an add requires (no add stores a row without them), a field whose default is no
 * value it takes, the allotted numbers, and the fields another resource keeps in step (a product's `currentStock`,
 * the sum of its inventory, D-43): those are the server's.
 */
function resetsOf(def: ResourceDef, updateId: string, createId: string | undefined, derived: Set<string>) {
  const wrapper = def.wrappedIn?.item ?? 'data';
  const update = merged(bodyOf(updateId, wrapper));
  const required = createId ? merged(bodyOf(createId, wrapper)).required : [];
  const writable = Object.entries(update.properties)
    .filter(([f, s]) => !deref(s)?.readOnly && !required.includes(f) && !ALLOTTED.includes(f) && !derived.has(f))
    .map(([f, s]) => [f, isNullable(deref(s))] as const);
  return (ctx: Parameters<NonNullable<ResourceDef['defaults']>>[0], data: Obj, parentId?: number): Obj => {
    const defaults = def.defaults?.(ctx, data, parentId) ?? {};
    return Object.fromEntries(
      writable.flatMap(([f, nullable]) => {
        if (Object.hasOwn(data, f)) return [];
        const value = Object.hasOwn(defaults, f) ? defaults[f] : null;
        return value === null && !nullable ? [] : [[f, value]];
      }),
    );
  };
}

export default {
  decides: ['D-01'],
  description:
    'An update (PUT on a v2 item: products, prices, media, downloads, product specifications, specifications, values, access roles, geozones, inventory, redirects, webhooks, shipping services) replaces the resource: a writable field absent from the body goes back to what an add without it stores (its default, else null: a product PUT without `isActive` makes it active again, a webhook PUT without `metadata` empties it) instead of keeping its value (D-01: partial). Kept: read-only and derived fields, the fields an add requires, the numbers allotted on add (`sequence`, `quickfind`); a field whose reset a rule refuses (a url redirect\'s `target`, D-44) is kept as an add could not leave it out. §2.12: "Required and writable fields for add and update of Product, Inventory, Redirect, Download, Media and Webhook: not shown"; §4.3 names the update and nothing of how it treats absent fields.',
  apply: (app) => {
    const resources = allResources(app);
    // Fields another resource's writes keep in step (`sums`, D-43), by the table holding them.
    const derived = new Map<string, Set<string>>();
    for (const r of resources)
      for (const ref of Object.values(r.def.references ?? {}))
        for (const field of Object.keys(ref.sums ?? {}))
          derived.set(ref.table, new Set([...(derived.get(ref.table) ?? []), field]));

    for (const r of resources) {
      const def = r.def;
      if (!def.listOperation) continue;
      const ops = crudOperations(def.listOperation);
      const updateIds = ops.filter(([, kind]) => kind === 'update').map(([id]) => id);
      const createId = ops.find(([, kind]) => kind === 'create')?.[0];
      const wrapper = def.wrappedIn?.item ?? 'data';
      for (const updateId of updateIds) {
        if (!operations.some((o) => o.operationId === updateId && o.method === 'PUT')) continue;
        const resets = resetsOf(def, updateId, createId, derived.get(def.name) ?? new Set());
        wrapHandler(app, updateId as OperationId, (original) => async (req) => {
          const data = (req.body as Record<string, Obj> | undefined)?.[wrapper];
          if (!data || typeof data !== 'object') return original(req);
          const parentId = def.parent ? Number(req.params[def.parent.param]) : undefined;
          let reset = resets(ctxOf(req), data, parentId);
          // A reset a rule of the resource refuses (422 naming the field) is dropped, and the update tried again.
          for (;;) {
            try {
              return await original({ ...req, body: { ...(req.body as Obj), [wrapper]: { ...reset, ...data } } });
            } catch (err) {
              const refused =
                err instanceof ApiError && err.status === 422
                  ? Object.keys(reset).filter((f) => err.errors.some((e) => e.name === `${wrapper}.${f}`))
                  : [];
              if (!refused.length) throw err;
              reset = Object.fromEntries(Object.entries(reset).filter(([f]) => !refused.includes(f)));
            }
          }
        });
      }
    }
  },
} satisfies Variant;
