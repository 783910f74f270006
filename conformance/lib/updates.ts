// The body of a v2 update that a `source` requirement sends: the item as a get reads it (its writable
// fields, by the update operation's body schema) with the change on top. It then means the same whether the
// target's update is partial (D-01, the platform's) or replaces the object: §4.3 shows no update body, so a
// faithful target may do either. A requirement of the platform's or ours may send the change alone.
import { deref, op, type Json } from './contract.ts';
import { propertiesOf } from './lists.ts';
import { resourceIn } from './expectations.ts';
import type { Api } from './api.ts';
import { config } from './config.ts';
import { createFor, statedBodyFor } from './dialect.ts';

/** The fields of the body the dialect states for a write (for an update, failing its own, its add's), in our names. */
export function statedFields(operationId: string): string[] | undefined {
  const body = statedBodyFor(config.dialect.dialect, operationId);
  return body && typeof body === 'object' ? Object.keys(body) : undefined;
}

/** `updateProduct` → `getProduct`: the get of the same item, with the same path parameters. */
const getOf = (updateOperationId: string) => updateOperationId.replace(/^update/, 'get');

/** The writable fields of an update operation's `data` (the read-only ones a get returns are left out, D-09). */
function writableOf(updateOperationId: string): string[] {
  const body = deref({ $ref: op(updateOperationId).bodyPointer });
  return Object.entries(propertiesOf(propertiesOf(body).data))
    .filter(([, p]) => !deref(p).readOnly)
    .map(([k]) => k);
}

/** `{data: {…the item's writable fields as read, …change}}` for `updateOperationId` at `params`. */
export async function wholeUpdate(
  api: Api,
  updateOperationId: string,
  params: Record<string, number>,
  change: Json,
): Promise<Json> {
  const read = await api.untyped(getOf(updateOperationId), { params });
  const item = resourceIn(read, 'data', `the get before ${updateOperationId}`);
  // The change is what the requirement is about: a choice of ours where the source shows no writable field (§2.12).
  return { data: { ...sentBack(api, updateOperationId, item, params.id), ...api.ours(updateOperationId, change) } };
}

/**
 * What a whole update sends back of `item` as read. Where the dialect states a body: the fields it states (the
 * target's own writable fields) and every field the requirement wrote when it made the item, so that an update that
 * replaces the whole resource keeps them as a partial one does; the rest the target derived or defaulted, and is not
 * sent back. Without a stated body: our writable fields, a choice of ours (D-09: a client sends back what it read).
 */
export function sentBack(api: Api, updateOperationId: string, item: Json, id?: unknown): Json {
  const stated = statedFields(updateOperationId);
  const create = createFor(updateOperationId);
  // Of what it wrote, what an update may carry at all (our update body's fields): a product specification's heading
  // and value texts are written on its add only (§2.12), and a target may refuse them on an update.
  const writable = writableOf(updateOperationId);
  const written = ((create && api.written(create, item.id ?? id)) || []).filter((f) => writable.includes(f));
  const fields = stated ? [...new Set([...stated, ...written])] : writable;
  const kept = Object.fromEntries(fields.filter((k) => k in item).map((k) => [k, item[k]]));
  if (!stated) api.ledger.declare(updateOperationId, Object.keys(kept), 'D-09');
  return kept;
}
