// What the requirements of resources (and specifications.ts) share: the v2 resource families read from the document,
// each a family of `createX`, `getX`, `updateX`, `deleteX` with a `data` body plus the list on the create path; and
// how a requirement makes, reads, finds and assigns their items. It declares no requirement.
import { expect } from '../../lib/requirement.ts';
import { createdIn, expectAccepted, everyItem, resourceIn } from '../../lib/expectations.ts';
import { deref, operations, op, type Json, type Operation } from '../../lib/contract.ts';
import { bodyFrom, paramsFor, wrapperOf } from '../../lib/fixtures.ts';
import type { Api, ApiResponse } from '../../lib/api.ts';

export interface Family {
  noun: string;
  create: Operation;
  get: Operation;
  update: Operation;
  del: Operation;
  list: Operation;
  /** The resource schema (`Product`), from the get operation's 200 `data`. */
  schemaName: string;
  resource: Json;
  /** The writable fields (`ProductInput`), from the update operation's `data`. */
  input: Json;
  /** The item's path parameter (`id` or `mediaId`) and the parent parameters (`productId`, `specId`). */
  itemParam: string;
  parents: string[];
}

const byId = (id: string) => operations.find((o) => o.operationId === id);
/** The first `$ref` found under a `data` property of a response or body schema. */
function dataRef(node: Json, seen = new Set<Json>()): string | undefined {
  const n = deref(node);
  if (!n || typeof n !== 'object' || seen.has(n)) return undefined;
  seen.add(n);
  const data = n.properties?.data;
  if (data?.$ref) return data.$ref as string;
  for (const v of Object.values(n)) {
    const found = typeof v === 'object' ? dataRef(v, seen) : undefined;
    if (found) return found;
  }
  return undefined;
}
const schemaOfResponse = (o: Operation, status: string) =>
  dataRef(deref(o.responses[status]).content['application/json'].schema)!;
export const bodySchema = (o: Operation) => deref(deref({ $ref: o.bodyPointer }));

export const families: Family[] = operations
  .filter((o) => o.method === 'GET' && o.operationId.startsWith('get'))
  .flatMap((get) => {
    const noun = get.operationId.slice(3);
    const create = byId(`create${noun}`),
      update = byId(`update${noun}`),
      del = byId(`delete${noun}`);
    if (!create || !update || !del || !create.requestExample || wrapperOf(create.operationId) !== 'data') return [];
    const list = operations.find((o) => o.method === 'GET' && o.path === create.path);
    if (!list) return [];
    const resourceRef = schemaOfResponse(get, '200');
    const inputRef = dataRef(bodySchema(update))!;
    const params = [...get.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    return [
      {
        noun,
        create,
        get,
        update,
        del,
        list,
        schemaName: resourceRef.split('/').pop()!,
        resource: deref({ $ref: resourceRef }),
        input: deref({ $ref: inputRef }),
        itemParam: params[params.length - 1]!,
        parents: params.slice(0, -1),
      },
    ];
  });

export const props = (s: Json): Record<string, Json> => s.properties ?? {};
export const isDateTime = (p: Json): boolean =>
  p.$ref === '#/components/schemas/DateTime' ||
  [...(p.oneOf ?? []), ...(p.anyOf ?? [])].some((x: Json) => x.$ref === '#/components/schemas/DateTime');
export const readOnly = (family: Family) =>
  Object.entries(props(family.resource))
    .filter(([, p]) => p.readOnly)
    .map(([k]) => k);
export const hasModifiedOn = (family: Family) => 'modifiedOn' in props(family.resource);

/** Required fields of an add (`required` lists) and groups of which one must be given (anyOf/oneOf alternatives). */
export function requiredOf(o: Operation): { fields: string[]; groups: string[][] } {
  const fields = new Set<string>();
  const groups: string[][] = [];
  const walk = (node: Json) => {
    const s = deref(node);
    if (!s || typeof s !== 'object') return;
    for (const r of s.required ?? []) fields.add(r);
    for (const part of s.allOf ?? []) walk(part);
    for (const alts of [s.anyOf, s.oneOf]) {
      if (Array.isArray(alts) && alts.every((a: Json) => deref(a).required?.length))
        groups.push([...new Set(alts.flatMap((a: Json) => deref(a).required as string[]))]);
    }
  };
  walk(bodySchema(o).properties.data);
  return { fields: [...fields], groups };
}

export interface Made {
  item: Json;
  params: Record<string, number>;
  sent: Json;
  res: ApiResponse;
}
/**
 * Creates one item of the family under fresh parents. A call that makes data (`setup`, lib/api.ts) unless the
 * requirement asserts the create itself (`{ setup: false }`): then its answer is judged against the contract too.
 */
export async function make(api: Api, family: Family, fields: Json = {}, { setup = true } = {}): Promise<Made> {
  const params = await paramsFor(api, family.create.operationId);
  const sent = { ...(await bodyFrom(api, family.create)), ...fields };
  const res = await api.untyped(family.create.operationId, { params, body: { data: sent }, setup });
  expectAccepted(res, family.create.operationId);
  return { item: createdIn(res, 'data', family.create.operationId), params, sent, res };
}
export const itemParams = (family: Family, m: Made, parents = m.params) => ({
  ...parents,
  [family.itemParam]: m.item.id,
});
/** An item as the family's get answers it: a failure naming the answer, never a TypeError, when it holds none. */
export const readItem = async (api: Api, family: Family, params: Record<string, number>): Promise<Json> =>
  resourceIn(await api.untyped(family.get.operationId, { params }), 'data', `get of the ${family.schemaName}`);

/**
 * Finds an item in a list: through `id:in` when the list has it (§4.4), else by reading every page through
 * `links.next` (§2.1), so that no page size, page parameter or order of ours (D-03) is assumed.
 */
export async function findListed(
  api: Api,
  list: Operation,
  params: Record<string, number>,
  id: number,
  as: 'full' | 'other' = 'full',
): Promise<Json | undefined> {
  const query: Record<string, number> = list.parameters.some((p) => p.name === 'id:in') ? { 'id:in': id } : {};
  return (await everyItem(api, list, params, query, as)).find((x: Json) => x.id === id);
}

/**
 * A deleted item is gone for good: its get answers 404. An id is never reused after a delete (D-04), so nothing,
 * not even a NEW item added since by another test, answers under the deleted id.
 */
export function expectGone(res: ApiResponse, deleted: Json, what = 'deleted item') {
  expect(res.status, `${what} ${String(deleted.id)} after its delete: ${res.text.slice(0, 200)}`).toBe(404);
}
/** Whether a list still shows an item under the deleted item's id (D-04: none may, old or new). */
export const stillListed = (found: Json, deleted: Json) => found !== undefined && found.id === deleted.id;

// Guards the derivation itself: a renamed operation must not silently drop a resource from the requirements.
const expectedFamilies = [
  'AccessRole',
  'Geozone',
  'Inventory',
  'Product',
  'ProductDownload',
  'ProductMedia',
  'ProductPrice',
  'ProductSpecification',
  'Redirect',
  'Specification',
  'SpecificationValue',
  'Webhook',
];
const missingFamilies = expectedFamilies.filter((n) => !families.some((family) => family.noun === n));
if (missingFamilies.length)
  throw new Error(`requirements/resources/shared.ts: no operation family found for ${missingFamilies.join(', ')}`);

/** Assigns a specification to a product: the call a requirement judges, or (`setup`) one that only makes data. */
export const assign = (api: Api, productId: number, data: Json, setup = false) =>
  api.call('createProductSpecification', {
    params: { productId },
    body: { data: api.ours('createProductSpecification', data) },
    setup,
  });
export async function assigned(api: Api, productId: number, data: Json): Promise<Json> {
  const res = await assign(api, productId, data, true);
  expectAccepted(res, 'createProductSpecification');
  return resourceIn(res, 'data', 'createProductSpecification');
}
export const productSpecs = (api: Api, productId: number): Promise<Json[]> =>
  everyItem(api, op('listProductSpecifications'), { productId });
