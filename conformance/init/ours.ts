// Our side of every comparison `init` makes, from our bundled document (read through the contract module, and with
// document.ts as the team's is read) and the dialect's descriptors: never a copy of our fields written by hand.
import { doc, op, operations, scopes as ourScopes } from '../lib/contract.ts';
import { CONTRACT_DIALECT, DESCRIPTORS, requestWrapperOf, tableScopes, type DialectKey } from '../lib/dialect.ts';
import { documentFacts, pathKey, unwrap, type DocumentFacts, type Operation, type Shape } from './document.ts';

/** Our bundled document, read as the team's is. */
export const OURS: DocumentFacts = documentFacts(doc, 'our contract');

/** One of our operations as document.ts reads it, by operationId. */
export const ourOperation = (operationId: string): Operation => {
  const o = OURS.operations.find((x) => x.operationId === operationId);
  if (!o) throw new Error(`The contract has no operation ${operationId}`);
  return o;
};

/** One of our create operations: its path, our wrapper of its body (`data`, `contact`, …) and the resource's writable fields. */
export interface OurCreate {
  operationId: string;
  path: string;
  wrapper?: string;
  fields: Record<string, Shape>;
  /** Its read-only fields (D-09: accepted and ignored in a write), which a listed item of theirs holds too. */
  readOnly: string[];
}

/** Our create operations whose fields a dialect's `fields` maps (the keys `fields.<operationId>` takes). */
export const OUR_CREATES: OurCreate[] = operations
  .filter((o) => o.operationId.startsWith('create') && o.method === 'POST' && o.bodyPointer && !o.extension)
  .filter((o) => !o.path.startsWith('/admin/oauth'))
  .map((o) => {
    const wrapper = requestWrapperOf(o.operationId);
    const shape = ourOperation(o.operationId).request?.shape;
    const resource = wrapper ? shape?.properties?.[wrapper] : unwrap(shape).resource;
    const all = Object.entries(resource?.properties ?? {});
    const fields = Object.fromEntries(all.filter(([, s]) => !s.readOnly));
    const readOnly = all.filter(([, s]) => s.readOnly).map(([k]) => k);
    return { operationId: o.operationId, path: o.path, ...(wrapper ? { wrapper } : {}), fields, readOnly };
  });

/** Our operation at a method and path (`{id}` and `{productId}` alike), if any. */
export const ourAt = (method: string, path: string) =>
  operations.find((o) => o.method === method && pathKey(o.path) === pathKey(path));

/** Our list operations a probe may GET: no path parameter, a GET answering a list, the token endpoint aside. */
export const OUR_LISTS = operations.filter(
  (o) =>
    o.method === 'GET' &&
    !o.path.includes('{') &&
    (o.operationId.startsWith('list') || o.operationId === 'searchContacts'),
);

/** Our scopes that §5's table does not name: the keys `scopes` may map (D-07). */
export const UNNAMED_SCOPES = ourScopes.filter((s) => !tableScopes().has(s));
export { ourScopes };

/** Our contract's choice for a key as a dialect file states it, for a TODO line or a "same as ours". */
export function ourValue(key: DialectKey): unknown {
  const d = CONTRACT_DIALECT as unknown as Record<string, unknown>;
  if (key === 'contactBody') return d.contactBody;
  if (key === 'signatures') return 'store-signature';
  if (key === 'shippingServices') {
    const list = op('listShippingServices').path;
    return {
      path: list,
      item: op('getShippingService').path,
      wrapper: requestWrapperOf('createShippingService') ?? 'none',
    };
  }
  if (key === 'checkout')
    return { method: op('calculateCheckoutRates').method, path: op('calculateCheckoutRates').path };
  if (key === 'dispatch') return { method: op('createShipment').method, path: op('createShipment').path };
  return d[key];
}

/** What a key takes and the decision it replaces, from its descriptor: the words of a TODO line. */
export const aboutKey = (key: DialectKey) => ({
  accepts: DESCRIPTORS[key].accepts,
  decision: DESCRIPTORS[key].decision,
});

/** Our event names' resources and actions, from the document's catalogue of event names (D-17). */
export function ourEvents(): { resources: string[]; actions: string[] } {
  const pattern = (doc.components.schemas.EventPattern ?? {}) as { enum?: string[] };
  const names = (pattern.enum ?? []).filter((e) => /^[a-zA-Z]+\/[a-z]+$/.test(e));
  return {
    resources: [...new Set(names.map((e) => e.split('/')[0]!))],
    actions: [...new Set(names.map((e) => e.split('/')[1]!))],
  };
}
