// `shippingServices`: where the target's shipping services are added and removed (§4.5: "Endpoint for adding a
// shipping service: not shown"; D-18). Every shipping-service operation of ours goes there (lib/api.ts asks
// `shippingPathOf`), its body in the stated wrapper, its answer's service read where `id` points.
import { op, type Json } from '../contract.ts';
import { at, isName, isObject, isPath, isPointer, isSuccess, type Descriptor, type Dialect } from './core.ts';
import { resourceFromTarget } from './fields.ts';

/**
 * Where shipping services live: `path` takes a POST that adds one, `item` (`{id}` the service's id) a DELETE that
 * removes one; the body is `fields.createShippingService` and `bodies.createShippingService` in `wrapper` (`none`: bare),
 * and the answer holds the new service's id at the pointer `id`.
 */
export interface ShippingServices {
  path: string;
  item: string;
  wrapper: string;
  id: string;
}

declare module './core.ts' {
  interface Dialect {
    /** Where the target's shipping services are added and removed (§4.5: "Endpoint for adding a shipping service: not shown"; D-18); unstated, D-18's operations. */
    shippingServices?: ShippingServices;
  }
}

/** A `shippingServices` entry, read; undefined when it is not one. */
function shippingServicesOf(v: unknown): ShippingServices | undefined {
  const known = ['path', 'item', 'wrapper', 'id'];
  if (!isObject(v) || !Object.keys(v).every((k) => known.includes(k)) || !isPath(v.path)) return undefined;
  const item =
    v.item ?? `${(v.path as string).replace(/\.json$/, '')}/{id}${(v.path as string).endsWith('.json') ? '.json' : ''}`;
  const wrapper = v.wrapper ?? 'none';
  if (!isPath(item) || !(item as string).includes('{id}') || !isName(wrapper)) return undefined;
  const id = v.id ?? (wrapper === 'none' ? '/id' : `/${wrapper as string}/id`);
  if (!isPointer(id)) return undefined;
  return { path: v.path as string, item: item as string, wrapper: wrapper as string, id: id as string };
}

/** Our shipping-service operations (D-18), which the dialect's `shippingServices` moves to the target's own paths. */
const SHIPPING_PATH = /^\/api\/shipping\/services(\/\{id\})?\.json$/;
/** Where the target serves one of our operations, if the dialect moves it. */
const movedFor = (d: Dialect, operationId: string) =>
  d.shippingServices && SHIPPING_PATH.test(op(operationId).path) ? d.shippingServices : undefined;

/**
 * Where one of our shipping-service operations goes on a target that states `shippingServices`: its path there (the
 * collection's `path`, or `item` with the id), with the query; undefined for any other operation or dialect.
 */
export function shippingPathOf(
  d: Dialect,
  o: { path: string },
  params: Record<string, string | number> = {},
): string | undefined {
  const where = d.shippingServices;
  if (!where || !SHIPPING_PATH.test(o.path)) return undefined;
  return o.path.includes('{id}') ? where.item.replace('{id}', encodeURIComponent(String(params.id))) : where.path;
}
/** Where the target's answer holds a shipping service: the object its `shippingServices.id` pointer is in. */
const shippingResourceOf = (where: ShippingServices, body: Json): Json =>
  where.id.split('/').length > 2 ? at(body, where.id.split('/').slice(0, -1).join('/')) : body;

export const descriptor: Descriptor<'shippingServices'> = {
  key: 'shippingServices',
  accepts:
    "{ path, item, wrapper, id }: the path a POST adds a shipping service at, the path (with `{id}`) a DELETE removes one at, the body's wrapper (or `none`) and the JSON pointer to the new id in the answer",
  decision: 'D-18',
  readme: {
    takes:
      "where your shipping services (an App's rates and labels addresses, §4.5 rule 1) are added: `{ path, item, wrapper, id }`, the path a POST adds one at, the path a DELETE removes one at (`{id}`; by default `path` + `/{id}`), the body's wrapper (`none`: bare) and the JSON pointer to the new id in the answer; the fields go by `fields.createShippingService` (`ratesUrl`, `labelsUrl`, `fixedModifier` and `percentageModifier` of rule 10, `shippingClassIds` of rule 11) and `bodies.createShippingService`; any 2xx is success. Every shipping-service operation of ours goes there (`listShippingServices` and `createShippingService` to `path`, `get`, `update` and `deleteShippingService` to `item`), its answer's service read at the object holding `id`. A shipping service the suite adds carries the stated body and only what the requirement is about: its addresses (rule 1), a modifier or a calculator; never a field the source does not show",
  },
  read(value) {
    const where = shippingServicesOf(value);
    return where ? { shippingServices: where } : undefined;
  },
  request: {
    wrapper(d, operationId, wrapper) {
      const moved = movedFor(d, operationId);
      return !moved ? wrapper : moved.wrapper === 'none' ? undefined : moved.wrapper;
    },
  },
  answer: {
    // The service (or the list of them) read where the target holds it, in our names, at our `shippingService` (a
    // list at `data`); the rest of the answer as it came.
    whole(d, { operationId, status, body }) {
      const moved = movedFor(d, operationId);
      if (!moved || !isSuccess(status) || Array.isArray(body)) return undefined;
      const resource = shippingResourceOf(moved, body);
      const ours = (v: Json) => resourceFromTarget(d, 'createShippingService', v);
      return Array.isArray(resource)
        ? { ...body, data: resource.map(ours) }
        : { ...body, shippingService: isObject(resource) ? ours(resource) : resource };
    },
  },
};
