// `bodies`: a valid body, in the target's names and shapes, for each add and update it wants made its way, where the
// source does not show the fields (§2.12 "fields: not shown"; §4.3 "Request and response bodies … not shown").
import { op, operations, type Json } from '../contract.ts';
import { createFor, isObject, type Descriptor, type Dialect } from './core.ts';
import { resourceFromTarget } from './fields.ts';

declare module './core.ts' {
  interface Dialect {
    /** A valid body (the resource object, unwrapped) to create each resource whose fields the source does not show. */
    bodies: Record<string, Json>;
  }
}

/** The operations whose body the dialect may state: every create and update of a resource. */
const writes = () =>
  new Set(operations.filter((o) => /^(create|update)/.test(o.operationId) && o.bodyPointer).map((o) => o.operationId));

/** Our contract's form of a body the dialect states in the target's names (`bodies`), for the suite to extend. */
export function statedBody(d: Dialect, operationId: string): Json | undefined {
  const given = d.bodies[operationId];
  return given === undefined ? undefined : resourceFromTarget(d, createFor(operationId) ?? '', given);
}

/**
 * The body the dialect states for a write, in our contract's form: the operation's own, else (an update) its add's;
 * undefined where it states neither.
 */
export const statedBodyFor = (d: Dialect, operationId: string): Json =>
  statedBody(d, operationId) ?? statedBody(d, createFor(operationId) ?? '');

export const descriptor: Descriptor<'bodies'> = {
  key: 'bodies',
  accepts: "a map of create and update operationIds to a body object, in the target's own field names",
  decision: 'the decision of each operation',
  byOperation: true,
  readme: {
    takes:
      'every create and update operationId of the document: `createProduct`, `createProductPrice`, `createProductMedia`, `createProductDownload`, `createProductSpecification`, `createSpecification`, `createSpecificationValue`, `createAccessRole`, `createGeozone`, `createInventory`, `createRedirect`, `createWebhook`, `createContact`, `createShippingService`, and their `update…` operations; a body in **your** names and shapes, without a wrapper',
  },
  default: { bodies: {} },
  read(value, say) {
    if (!isObject(value)) return undefined;
    const known = writes();
    const bodies: Record<string, Json> = {};
    for (const [id, body] of Object.entries(value)) {
      if (!known.has(id)) say(`bodies.${id} is not a create or update operation of the document`);
      else if (!isObject(body)) say(`bodies.${id} must be an object (the resource, without a wrapper)`);
      else bodies[id] = body;
    }
    return { bodies };
  },
  // Each body is stated on its own: an add without a stated body is made from our example (assumedByCreate).
  stated: (read) => Object.keys(read.bodies ?? {}).map((id) => `bodies.${id}`),
  assumedByCreate: (loaded, operationId) =>
    loaded.stated.has(`bodies.${operationId}`)
      ? undefined
      : { key: `bodies.${operationId}`, decisions: op(operationId).decision },
};
