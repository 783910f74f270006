// Test data, made in one place: through the API itself, from the dialect's bodies or the
// document's request examples (valid by lint), with fresh values where the contract demands uniqueness and real
// resources where a body names one. Each requirement makes its own data. What is here:
// - `create`: one resource of any create operation (the fixtures' creates: `product`, `specification`, `paramsFor`);
// - `makeItem`: one item of a list's resource, with the creation constraints of many items side by side;
// - `bodyFrom`: a body for any create or update operation of a v2 family, fresh values and real references;
// - `constrainedFields`: the values of fields a filter requirement cannot choose freely.
import { randomUUID } from 'node:crypto';
import { op, type Json, type Operation } from './contract.ts';
import { Nonconformance, type Api, type ApiResponse, type CallOptions } from './api.ts';
import { config } from './config.ts';
import { assumedFor, createFor, requestWrapperOf, statedBodyFor } from './dialect.ts';
import { Unmet } from './verdict.ts';
import { decisionOf } from './provenance.ts';
import { createOf } from './lists.ts';
import { resourceOf, resources } from './expectations.ts';

export const uid = (prefix = 'c') => `${prefix}-${randomUUID().slice(0, 8)}`;

/**
 * What a family of requirements shares within a worker, by key: made by the first that asks, awaited by the others.
 * A failed making is not kept, so the next requirement makes it again (and fails on its own account if it must).
 */
const sharedMade = new Map<string, Promise<unknown>>();
export function sharedInWorker<T>(key: string, make: () => Promise<T>): Promise<T> {
  let made = sharedMade.get(key) as Promise<T> | undefined;
  if (!made) {
    made = make();
    sharedMade.set(key, made);
    made.catch(() => sharedMade.delete(key));
  }
  return made;
}

/** The document's request example of an operation (valid by lint), as a body the suite copies and extends. */
export const exampleOf = (operationId: string): Json => op(operationId).requestExample;

/** The wrapper key of an operation's body (`data`, `contact`, `shippingService`), from its example. */
export const wrapperOf = (operationId: string): string => requestWrapperOf(operationId) ?? 'data';

/**
 * The base of every body the suite writes for an operation, in our contract's form, and where it came from: the
 * dialect's stated body for the operation (or, for an update, its create's), else the document's example, whose
 * fields are our choices (declared to the requirement's ledger, lib/provenance.ts). Fields the contract keeps unique are
 * made fresh. Grants of a contact are left out of our example: the roles it names are D-34's, which a target need
 * not have (§2.2: "identifier of an existing access role"); a requirement about grants names roles the target lists.
 */
export function baseBody(api: Api, operationId: string): { data: Json; stated: boolean } {
  const loaded = config.dialect;
  const stated = statedBodyFor(loaded.dialect, operationId);
  const example = exampleOf(operationId)?.[wrapperOf(operationId)];
  const data: Json = structuredClone(stated ?? example ?? {});
  if (!stated && wrapperOf(operationId) === 'contact') delete data.accessRoles;
  // An update's own stated body is sent as stated but for what two resources may not share: its other values may name
  // what exists (a value of a heading by its text), and a fresh one would name nothing.
  const ownUpdate = operationId.startsWith('update') && loaded.stated.has(`bodies.${operationId}`);
  const fresh = ownUpdate ? keptUnique : uniqueValue;
  for (const [k, v] of Object.entries(data))
    if (typeof v === 'string' && fresh[k]) data[k] = fresh[k]!(stated ? v : undefined);
  if (!stated) api.ledger.declare(operationId, Object.keys(data), decisionOf(operationId));
  return { data, stated: stated !== undefined };
}
/**
 * A whole body for an operation whose content does not matter to the requirement (refused before it is read: no
 * token, an unknown id): the base body (`baseBody`) in its wrapper, nothing made for it; none where there is neither a
 * stated body nor an example.
 */
export function anyBody(api: Api, operationId: string): Json {
  const create = createFor(operationId);
  const stated = config.dialect.stated;
  if (!op(operationId).bodyPointer) return undefined;
  if (!exampleOf(operationId) && !stated.has(`bodies.${operationId}`) && !stated.has(`bodies.${create}`))
    return undefined;
  return { [wrapperOf(operationId)]: baseBody(api, operationId).data };
}
/**
 * A whole body for an operation, in its wrapper: the base body (`baseBody`) and `fields` on top, which are what the
 * requirement is about (declared as ours unless the source, the dialect or the target gives them); nothing is made
 * for it (ids are the caller's).
 */
export function bodyWith(api: Api, operationId: string, fields: Json = {}): Json {
  api.ledger.declare(operationId, Object.keys(fields), decisionOf(operationId));
  const data = { ...baseBody(api, operationId).data, ...fields };
  for (const [k, v] of Object.entries(data)) if (v === undefined) delete data[k];
  return { [wrapperOf(operationId)]: data };
}
/** An object's entries at `keys`, those it has. */
export const pick = (o: Json, keys: string[]): Json =>
  Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));

/**
 * Creates one resource from the dialect's body for the operation (lib/dialect.ts), else the document's example, plus
 * `fields` (what the requirement is about: declared as ours unless the source, the dialect or the target gives them);
 * returns the created object. Under the source profile, a target that refuses it while the dialect states no body (or
 * no wrapper) for it makes the requirement not applicable: the source shows no fields to make it with.
 */
export async function create(
  api: Api,
  operationId: string,
  fields: Json = {},
  options: CallOptions = {},
): Promise<Json> {
  const key = wrapperOf(operationId);
  const loaded = config.dialect;
  const base = baseBody(api, operationId);
  const data = { ...base.data, ...fields };
  api.ledger.declare(operationId, Object.keys(fields), decisionOf(operationId));
  // A resource the body names by id (a redirect to product 1042) is made for real: a target may refuse to point at
  // one that does not exist, which the source allows.
  for (const k of Object.keys(reference))
    if (typeof data[k] === 'number' && !(k in fields)) data[k] = await reference[k]!(api, data, {});
  for (const [k, v] of Object.entries(data)) if (v === undefined) delete data[k];
  const res = await api.untyped(operationId, { ...options, body: { [key]: data }, setup: true });
  // Making data, not judging it: any success will do (201 is D-01's, checked by the requirements that rest on it).
  if (res.status < 200 || res.status > 299) {
    // A precondition of the requirement's setup, not what it asserts: a body of ours (unstated), or the dialect's own
    // body with nothing of ours added, refused. The verdict stage (lib/verdict.ts) says what that makes of it.
    const failure = `${operationId} of a valid ${key} answered ${res.status}: ${res.text.slice(0, 300)}`;
    // A server error is the target's, whatever it was sent.
    if (res.status >= 500) throw new Nonconformance(failure);
    const assumed = assumedFor(loaded, operationId);
    if (assumed)
      throw api.precondition({
        under: 'source',
        failure,
        key: assumed.keys.replace(/ and /g, ' + '),
        reason: `needs ${assumed.decisions}: ${operationId} of our contract's body answered ${res.status}; state it in the dialect as ${assumed.keys}`,
      });
    if (base.stated && !Object.keys(fields).length)
      throw api.precondition({
        under: 'source',
        failure,
        key: `bodies.${statedKey(operationId)}`,
        reason: `the dialect's body: ${operationId} of bodies.${statedKey(operationId)} answered ${res.status} (${res.text.slice(0, 200)}); check the dialect's bodies and fields`,
      });
    throw new Nonconformance(failure);
  }
  // Nor is anything but the resource data (a target answering `{}` or a string to everything would otherwise give
  // requirements that compare two reads of it nothing to tell apart, and pass them). The object
  // is read inside its wrapper, or bare where the target sends it so (the wrapper of an add's answer is D-01's).
  const created = resourceOf(res.body, key);
  if (!created)
    throw new Nonconformance(
      `${operationId} of a valid ${key} answered ${res.status} without the ${key} added: ${res.text.slice(0, 300)}`,
    );
  // Nor without its id (§2.1), by which the suite addresses it afterwards.
  if (typeof created.id !== 'number' && typeof created.id !== 'string')
    throw new Nonconformance(
      `${operationId} of a valid ${key} answered ${res.status} without the id of the ${key} added: ${res.text.slice(0, 300)}`,
    );
  return created;
}
/** The key of the dialect that stated an operation's body: its own, or its create's. */
const statedKey = (operationId: string) =>
  config.dialect.stated.has(`bodies.${operationId}`) ? operationId : (createFor(operationId) ?? operationId);

/** A fresh product, for the sub-resources that need one. */
export const product = (api: Api, fields: Json = {}) => create(api, 'createProduct', fields);
export const specification = (api: Api, fields: Json = {}) => create(api, 'createSpecification', fields);

/** Path parameters of an operation filled with fresh parents (productId, specId) and the given id. */
export async function paramsFor(api: Api, operationId: string, id?: number): Promise<Record<string, number>> {
  const o = op(operationId);
  const params: Record<string, number> = {};
  if (o.path.includes('{productId}')) params.productId = (await product(api)).id;
  if (o.path.includes('{specId}')) params.specId = (await specification(api)).id;
  for (const name of ['id', 'mediaId']) if (o.path.includes(`{${name}}`)) params[name] = id ?? 987654321;
  return params;
}

/**
 * The contacts of a contact search answer, at `contacts` once lib/dialect.ts has read it in our form, each a resource
 * (lib/expectations.ts `resources`). Where there is no list, under the source profile with no `contactSearchList`
 * stated, the requirement is not applicable (where the list is, is D-11's); else the target does not conform.
 */
export function contactsIn(res: ApiResponse): Json[] {
  const list = (res.body as Json)?.contacts;
  if (Array.isArray(list)) return resources(list, 'the contact search');
  const where = config.dialect.dialect.contactSearchList;
  const failure = `the contact search answered ${res.status} with no list at ${where}: ${res.text.slice(0, 300)}`;
  if (!config.dialect.stated.has('contactSearchList'))
    throw new Unmet({
      under: 'source',
      failure,
      key: 'contactSearchList',
      reason: `needs D-11: the contact search answered ${res.status} with no list at ${where}; state where it is in the dialect as contactSearchList`,
    });
  throw new Nonconformance(failure);
}

// Bodies of v2 families: the stated body or the document's request example, with fresh values where the contract
// demands uniqueness and fresh referenced resources where the body names an id (productId 1042, specificationId 12, …).

/**
 * Fresh values of the fields the contract keeps unique, by field name; given a stated value, one of its form (the
 * dialect's own value with a fresh suffix, so that a target's own rules for it still hold).
 */
export const uniqueValue: Record<string, (stated?: string) => string> = {
  sku: (v) => (v ? `${v}-${uid('s').slice(2)}` : uid('SKU')).toUpperCase(),
  reference: (v) => (v ? `${v}-${uid('r').slice(2)}` : uid('role')),
  title: (v) => (v ? `${v} ${uid('t').slice(2)}` : uid('Title')),
  value: (v) => (v ? `${v} ${uid('v').slice(2)}` : uid('Value')),
  path: () => `/${uid('from')}`,
  email: () => `${uid('user')}@example.com`,
  // Webhooks point at a closed loopback port (D-19 allows http there), so no delivery ever leaves the machine; a
  // stated URL is the target's own and is kept.
  url: (v) => v ?? `http://127.0.0.1:9/${uid('hooks')}`,
};
/**
 * The values of a resource the suite made that tell it apart from every other (those `uniqueValue` made fresh, as the
 * target answered them), JSON-encoded as a body would carry them: none where the target answered them empty.
 */
export const uniqueMarks = (made: Json): string[] =>
  Object.keys(uniqueValue)
    .map((k) => made?.[k])
    .filter((v): v is string => typeof v === 'string' && v.length >= 8)
    .map((v) => JSON.stringify(v));
/** The fields of `uniqueValue` that two resources may not share (D-37's sku, a role's reference, a redirect's path, an email). */
const keptUnique: typeof uniqueValue = Object.fromEntries(
  ['sku', 'reference', 'path', 'email'].map((k) => [k, uniqueValue[k]!]),
);
type Maker = (api: Api, body: Json, item: Json) => Promise<number>;
const reference: Record<string, Maker> = {
  productId: async (api) => (await product(api)).id,
  resourceId: async (api, body) =>
    body.resource === undefined || body.resource === 'product' ? (await product(api)).id : body.resourceId,
  specificationId: async (api) => (await specification(api)).id,
  valueId: async (api, body, item) => (await value(api, body.specificationId ?? item.specificationId)).id,
};

export const value = (api: Api, specId: number, fields: Json = {}): Promise<Json> =>
  create(api, 'createSpecificationValue', fields, { params: { specId } });

/**
 * A body for the operation (a create or an update) from the stated body or its example (`baseBody`): unique fields made
 * fresh, referenced ids made real.
 */
export async function bodyFrom(api: Api, o: Operation, item: Json = {}): Promise<Json> {
  const { data } = baseBody(api, o.operationId);
  // A stated update body that repeats a value of the stated add body means "as it is": the item's value as read (the
  // add made its own value fresh), so that a value naming another resource by its text names the one it has.
  const create = createFor(o.operationId);
  const added = create && create !== o.operationId ? statedBodyFor(config.dialect.dialect, create) : undefined;
  const stated = config.dialect.stated.has(`bodies.${o.operationId}`)
    ? statedBodyFor(config.dialect.dialect, o.operationId)
    : undefined;
  if (stated && added && typeof added === 'object')
    for (const k of Object.keys(data))
      if (k in item && k in added && JSON.stringify(added[k]) === JSON.stringify(stated[k])) data[k] = item[k];
  for (const [k, v] of Object.entries(data))
    if (typeof v === 'number' && reference[k] && k !== 'sequence') data[k] = await reference[k]!(api, data, item);
  return data;
}

/**
 * Creation constraints (not semantics): what a create needs beyond its document example so that many items can
 * coexist: an inventory entry names a product of its own (one entry per product and location, D-43, D-52); a
 * webhook listens to an event nothing in the suite emits, so no deliveries go out (D-17); a product
 * specification names a fresh heading and value by title (D-31).
 */
const createDefaults: Record<string, (api: Api, fields: Record<string, Json>) => Promise<Record<string, Json>>> = {
  createInventory: async (api, fields) => ({
    locationId: 1,
    ...('productId' in fields ? {} : { productId: (await createItem(api, 'createProduct')).id }),
  }),
  createWebhook: async () => ({
    url: `https://example.com/hooks/${randomTag()}`,
    events: ['shipments/deleted'],
  }),
  createProductSpecification: async () => ({
    specificationId: undefined,
    valueId: undefined,
    specification: `Heading ${randomTag()}`,
    value: `Value ${randomTag()}`,
  }),
};
const randomTag = () => Math.random().toString(36).slice(2, 10);
async function createItem(
  api: Api,
  operationId: string,
  fields: Record<string, Json> = {},
  params: Record<string, number> = {},
): Promise<Json> {
  const extra = (await createDefaults[operationId]?.(api, fields)) ?? {};
  return create(api, operationId, { ...extra, ...fields }, { params });
}
/** Creates one item of a list operation's resource under `params` (its parent), from the document's example. */
export const makeItem = (
  api: Api,
  list: Operation,
  params: Record<string, number>,
  fields: Record<string, Json> = {},
) => createItem(api, createOf(list)!.operationId, fields, params);

/** Values a filtered field cannot take freely (creation constraints, keyed by field name). */
export const constrainedFields: Record<string, (api: Api, i: number) => Promise<Record<string, Json>>> = {
  // An inventory entry's product must exist (D-52).
  productId: async (api) => ({ productId: (await product(api)).id }),
  // Stock locations the target knows (D-43).
  locationId: async (_api, i) => ({ locationId: i + 1 }),
  // A redirect's target: static (`url`, an absolute URL) and dynamic (`product`: the product's URL, which the
  // target derives from the product, §2.5, D-44) alternate, since the filter "matches dynamic and static
  // resources" (§4.4); the value filtered on is the target as returned.
  target: async (api, i) =>
    i % 2
      ? { resource: 'product', resourceId: (await product(api, { alias: uid('to') })).id, target: undefined }
      : { resource: 'url', resourceId: 0, target: `https://example.com/${uid('to')}` },
  // A redirect of each kind as §2.5 describes it: a dynamic one is "stored as a resource and ID pair" (its target
  // derived, so none is sent), a static one is a URL (resourceId 0, D-44).
  resource: async (api, i) => redirectOf(api, ['page', 'category', 'product', 'url'][i % 4]!, i),
  // A resource ID of a dynamic redirect (a page's), whose target is derived: none is sent.
  resourceId: async (_api, i) => ({ resource: 'page', resourceId: 7000 + i, target: undefined }),
};
async function redirectOf(api: Api, resource: string, i: number): Promise<Record<string, Json>> {
  if (resource === 'url') return { resource, resourceId: 0, target: `https://example.com/${uid('to')}` };
  const resourceId = resource === 'product' ? (await product(api, { alias: uid('to') })).id : 8000 + i;
  return { resource, resourceId, target: undefined };
}
