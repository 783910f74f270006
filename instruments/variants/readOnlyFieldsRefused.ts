import { ApiError } from '../../reference-server/core/errors.ts';
import { deref, type Json } from '../../openapi/contract.ts';
import { findOperation } from '../../reference-server/http/routes.ts';
import { beforeDispatch } from '../faults/lib.ts';
import type { Variant } from './types.ts';

/** The properties of an object schema marked `readOnly`, through `$ref`s and `allOf`/`anyOf`/`oneOf` parts. */
function readOnlyNames(node: Json): string[] {
  const s = deref(node);
  if (!s || typeof s !== 'object') return [];
  const own = Object.entries((s.properties ?? {}) as Record<string, Json>)
    .filter(([, p]) => deref(p)?.readOnly === true)
    .map(([k]) => k);
  return [...new Set([...own, ...[...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(readOnlyNames)])];
}

export default {
  decides: ['D-09'],
  description:
    'A write body that carries a read-only field (`id`, `createdOn`, `hasPassword`, `created`, …) is refused with 422 `error.unknown-field` naming it, instead of the field being accepted and ignored (D-09 the other way). §2.2 marks those fields "Read only" and §2.12 leaves the writable fields of v2 resources "not shown"; nothing in the source says a read-only field may be sent back.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      const { op } = findOperation(req.method, new URL(req.originalUrl, 'http://localhost').pathname);
      if (!op?.bodyTypes.length || !Buffer.isBuffer(req.body) || req.body.length === 0) return;
      let body: Json;
      try {
        body = JSON.parse(req.body.toString('utf8'));
      } catch {
        return;
      }
      const schema = deref(deref(deref({ $ref: op.pointer }).requestBody)?.content?.['application/json']?.schema);
      const sent = Object.entries((schema?.properties ?? {}) as Record<string, Json>).flatMap(([key, s]) => {
        const inner = body?.[key];
        return inner && typeof inner === 'object' && !Array.isArray(inner)
          ? readOnlyNames(s)
              .filter((n) => n in inner)
              .map((n) => `${key}.${n}`)
          : [];
      });
      if (sent.length)
        throw new ApiError(
          422,
          'data',
          sent.map((name) => ({ name, message: 'is read-only', ref: 'error.unknown-field' })),
        );
    }),
} satisfies Variant;
