// The two calls the App answers, as the document declares them: callbacks of createShippingService (§4.5), found by
// their operationIds, with the App address each goes to and the JSON pointers of their request and success schemas.
// The App suite (app/) judges an answer against the success schema where a requirement rests on the contract, and
// checks its own requests against the request schema (app/deliveries.test.ts); an App requirement's area is the
// address its call goes to (requirement.ts).
import { deref, doc, escapePointer, type Json } from './contract.ts';

/** The two calls of §4.5, by the operationIds of the document's callbacks. */
export type CallbackOperation = 'calculateShippingRates' | 'createShippingLabel';

export interface Callback {
  operationId: CallbackOperation;
  /**
   * The App address it is sent to, less `Url` (`rates` for `{$request.body#/shippingService/ratesUrl}`): the area of
   * its requirements (`--area rates`).
   */
  area: string;
  /** JSON pointer of the callback's operation in the bundle. */
  pointer: string;
  /** Of the body the service sends (`RateRequest`, `LabelRequest`). */
  requestSchema: string;
  /** Of the answer the service reads (`RateResponse`, `LabelResponse`). */
  responseSchema: string;
}

/** Every callback operation of the document, by operationId. */
function callbacks(): Map<string, Callback> {
  const out = new Map<string, Callback>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>))
    for (const [method, operation] of Object.entries(item as Record<string, Json>))
      for (const [name, callback] of Object.entries((operation?.callbacks ?? {}) as Record<string, Json>))
        for (const [expression, target] of Object.entries(callback as Record<string, Json>)) {
          const post = target.post;
          if (!post?.operationId) continue;
          const pointer = `#/paths/${escapePointer(path)}/${method}/callbacks/${name}/${escapePointer(expression)}/post`;
          const schemaAt = (at: string, node: Json) => node?.schema?.$ref ?? `${at}/schema`;
          const requestAt = post.requestBody.$ref ?? `${pointer}/requestBody`;
          const okAt = post.responses['200'].$ref ?? `${pointer}/responses/200`;
          out.set(post.operationId, {
            operationId: post.operationId,
            area: /\/(\w+)Url\}$/.exec(expression)?.[1] ?? expression,
            pointer,
            requestSchema: schemaAt(
              `${requestAt}/content/application~1json`,
              deref(post.requestBody).content['application/json'],
            ),
            responseSchema: schemaAt(
              `${okAt}/content/application~1json`,
              deref(post.responses['200']).content['application/json'],
            ),
          });
        }
  return out;
}
const table = callbacks();

/** The callback the document declares as `operationId`; throws when it declares none. */
export function callback(operationId: CallbackOperation): Callback {
  const c = table.get(operationId);
  if (!c) throw new Error(`the document declares no callback ${operationId}`);
  return c;
}
