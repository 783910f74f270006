// Test data made through the API itself, from the document's request examples (valid by lint), with
// unique values where the contract demands uniqueness. Each test makes its own data.
import { randomUUID } from 'node:crypto';
import { op, type Json } from './contract.ts';
import { Nonconformance, type Api, type ApiResponse, type CallOptions } from './api.ts';
import { config } from './config.ts';
import { assumedFor, NotApplicable } from './dialect.ts';

export const uid = (prefix = 'c') => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Fields that must be unique per create operation, and how to make a fresh value. */
const unique: Record<string, (d: Json) => Json> = {
  createProduct: () => ({ sku: uid('SKU').toUpperCase() }),
  createAccessRole: () => ({ reference: uid('role') }),
  createSpecification: () => ({ title: uid('Heading') }),
  createSpecificationValue: () => ({ value: uid('Value') }),
  createRedirect: () => ({ path: `/${uid('from')}` }),
  createContact: () => ({ reference: uid('ref'), email: `${uid('user')}@example.com` }),
};

/** The document's request example of an operation (valid by lint), as a body the suite copies and extends. */
export const exampleOf = (operationId: string): Json => op(operationId).requestExample;

/** The wrapper key of an operation's body (`data`, `contact`, `shippingService`), from its example. */
export const wrapperOf = (operationId: string): string => Object.keys(exampleOf(operationId) ?? { data: 1 })[0]!;

/**
 * Creates one resource from the dialect's body for the operation (lib/dialect.ts), else the document's example, plus
 * `fields`; returns the created object. Under the source profile, a target that refuses it while the dialect states
 * no body (or no wrapper) for it makes the requirement not applicable: the source shows no fields to make it with.
 */
export async function create(
  api: Api,
  operationId: string,
  fields: Json = {},
  options: CallOptions = {},
): Promise<Json> {
  const key = wrapperOf(operationId);
  const loaded = config.dialect;
  const given = loaded.dialect.bodies[operationId] as Json | undefined;
  const example = given ?? (exampleOf(operationId) ?? { [key]: {} })[key];
  const fresh = Object.entries(unique[operationId]?.(example) ?? {}).filter(([k]) => !given || k in given);
  const data = { ...example, ...Object.fromEntries(fresh), ...fields };
  for (const [k, v] of Object.entries(data)) if (v === undefined) delete data[k];
  const res = await api.untyped(operationId, { ...options, body: { [key]: data }, setup: true });
  // Making data, not judging it: any success will do (201 is D-01's, checked by the requirements that rest on it).
  if (res.status < 200 || res.status > 299) {
    const assumed = assumedFor(loaded, operationId);
    if (config.profile === 'source' && assumed)
      throw new NotApplicable(
        `needs ${assumed.decisions}: ${operationId} of our contract's body answered ${res.status}; state it in the dialect as ${assumed.keys}`,
      );
    throw new Nonconformance(`${operationId} of a valid ${key} answered ${res.status}: ${res.text.slice(0, 300)}`);
  }
  // Nor is anything but the resource data (a target answering `{}` or a string to everything would otherwise give
  // requirements that compare two reads of it nothing to tell apart, and pass them; issue 15, item 4). The object
  // is read inside its wrapper, or bare where the target sends it so (the wrapper of an add's answer is D-01's).
  const body = res.body as Json;
  const created = isObject(body?.[key]) ? body[key] : isObject(body) && 'id' in body ? body : undefined;
  if (!created)
    throw new Nonconformance(
      `${operationId} of a valid ${key} answered ${res.status} without the ${key} added: ${res.text.slice(0, 300)}`,
    );
  return created;
}
const isObject = (v: Json) => typeof v === 'object' && v !== null && !Array.isArray(v);

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
 * The contacts of a contact search answer, at `contacts` once lib/dialect.ts has read it in our form. Where there is no
 * list, under the source profile with no `contactSearchList` stated, the requirement is not applicable (where the list
 * is, is D-11's); else the target does not conform.
 */
export function contactsIn(res: ApiResponse): Json[] {
  const list = (res.body as Json)?.contacts;
  if (Array.isArray(list)) return list;
  const where = config.dialect.dialect.contactSearchList;
  if (config.profile === 'source' && !config.dialect.stated.has('contactSearchList'))
    throw new NotApplicable(
      `needs D-11: the contact search answered ${res.status} with no list at ${where}; state where it is in the dialect as contactSearchList`,
    );
  throw new Nonconformance(
    `the contact search answered ${res.status} with no list at ${where}: ${res.text.slice(0, 300)}`,
  );
}
