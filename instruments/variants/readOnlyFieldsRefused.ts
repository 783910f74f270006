import { deref, type Json } from '../../openapi/contract.ts';
import { beforeDispatch, rewriteBody } from '../faults/lib.ts';
import { onRefusedKeys, refusedKey } from './lib.ts';
import type { Variant } from './types.ts';

/** The message of its refusal, which tells its refused keys from others' (`refusedKey`). */
const READ_ONLY = 'is read-only';

/** The properties of an object schema marked `readOnly`, through `$ref`s and `allOf`/`anyOf`/`oneOf` parts. */
function readOnlyNames(node: Json): string[] {
  const s = deref(node);
  if (!s || typeof s !== 'object') return [];
  const own = Object.entries((s.properties ?? {}) as Record<string, Json>)
    .filter(([, p]) => deref(p)?.readOnly === true)
    .map(([k]) => k);
  return [...new Set([...own, ...[...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(readOnlyNames)])];
}

const isObject = (v: Json) => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

export default {
  decides: ['D-09'],
  description:
    'A write body that carries a read-only field (`id`, `createdOn`, `hasPassword`, `created`, …) is refused with 422 `error.unknown-field` naming it, instead of the field being accepted and ignored (D-09 the other way); like every other refusal of the body, after authentication and with the body\'s other errors. §2.2 marks those fields "Read only" and §2.12 leaves the writable fields of v2 resources "not shown"; nothing in the source says a read-only field may be sent back.',
  apply: (app) => {
    // Each read-only field sent is renamed so that the server's own validation refuses it (lib.ts `refusedKey`).
    beforeDispatch(app, (req) => {
      // The operation as the app routes the request (a dialect may serve ours at paths of its own).
      const { op } = app.seams.route(req.method, new URL(req.originalUrl, 'http://localhost').pathname);
      if (!op?.bodyTypes.length || !Buffer.isBuffer(req.body) || req.body.length === 0) return;
      let body: Json;
      try {
        body = JSON.parse(req.body.toString('utf8'));
      } catch {
        return;
      }
      if (!isObject(body)) return;
      const schema = deref(deref(deref({ $ref: op.pointer }).requestBody)?.content?.['application/json']?.schema);
      const props = (schema?.properties ?? {}) as Record<string, Json>;
      const sent = Object.fromEntries(
        Object.entries(body as Record<string, Json>).flatMap(([key, inner]) => {
          const names = Object.hasOwn(props, key) && isObject(inner) ? readOnlyNames(props[key]) : [];
          const found = names.filter((n) => Object.hasOwn(inner, n));
          return found.length ? [[key, found]] : [];
        }),
      );
      if (Object.keys(sent).length)
        rewriteBody(req, (b) =>
          Object.fromEntries(
            Object.entries(b as Record<string, Json>).map(([key, inner]) => [
              key,
              Object.hasOwn(sent, key)
                ? Object.fromEntries(
                    Object.entries(inner as Record<string, Json>).map(([k, v]) => [
                      sent[key]!.includes(k) ? refusedKey(k, READ_ONLY) : k,
                      v,
                    ]),
                  )
                : inner,
            ]),
          ),
        );
    });
    onRefusedKeys(app, (message) => message === READ_ONLY);
  },
} satisfies Variant;
