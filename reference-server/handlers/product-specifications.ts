// Product specifications (§2.12, D-31): add by ids or by titles (headings and values made on the fly);
// update may change only `sequence` and `valueId` (to another value of the same heading).
import { fail } from '../core/errors.ts';
import type { Resources } from '../resources/index.ts';
import { sql, tx, type Row } from '../store/db.ts';
import type { Ctx, Obj } from '../store/resource.ts';
import { ctxOf } from './crud.ts';
import { single } from './envelopes.ts';
import type { Reply, Req } from './types.ts';

function valueRow(ctx: Ctx, valueId: number): Row {
  return (
    (sql(ctx.db, 'SELECT id, "specificationId", value FROM "specificationValues" WHERE id = ?').get(valueId) as
      Row | undefined) ??
    fail(422, 'error.reference-not-found', 'data.valueId', `No specification value with id ${valueId}`, 'data')
  );
}

/** Finds a heading and value by title, creating either on the fly (§2.12); new ones emit their own events (D-53). */
function byTitles(
  ctx: Ctx,
  resources: Resources,
  heading: string,
  value: string,
): { specificationId: number; valueId: number } {
  const spec = sql(ctx.db, 'SELECT id FROM specifications WHERE title = ? COLLATE NOCASE').get(heading) as
    Row | undefined;
  const specificationId = spec ? Number(spec.id) : Number(resources.specifications.create(ctx, { title: heading }).id);
  const val = sql(ctx.db, 'SELECT id FROM "specificationValues" WHERE "specificationId" = ? AND value = ?').get(
    specificationId,
    value,
  ) as Row | undefined;
  const valueId = val
    ? Number(val.id)
    : Number(resources.specificationValues.create(ctx, { value }, specificationId).id);
  return { specificationId, valueId };
}

export function createProductSpecification(req: Req): Reply {
  const ctx = ctxOf(req);
  const productId = Number(req.params.productId);
  const data = (req.body as { data: Obj }).data;
  return single(
    201,
    tx(req.db, () => {
      if (!sql(ctx.db, 'SELECT 1 FROM products WHERE id = ?').get(productId))
        fail(404, 'error.not-found', 'productId', 'No product with this productId', 'path');
      let ids: { specificationId: number; valueId: number };
      if (data.valueId !== undefined) {
        const v = valueRow(ctx, Number(data.valueId));
        if (data.specificationId !== undefined && Number(v.specificationId) !== Number(data.specificationId)) {
          fail(422, 'error.reference-not-found', 'data.valueId', 'This value belongs to another specification', 'data');
        }
        ids = { specificationId: Number(v.specificationId), valueId: Number(v.id) };
      } else ids = byTitles(ctx, req.services.resources, String(data.specification), String(data.value));
      const spec = sql(ctx.db, 'SELECT title FROM specifications WHERE id = ?').get(ids.specificationId) as Row;
      const val = valueRow(ctx, ids.valueId);
      const input: Obj = { ...ids, specification: spec.title, value: val.value };
      if (data.sequence !== undefined) input.sequence = data.sequence;
      return req.services.resources.productSpecifications.create(ctx, input, productId);
    }),
  );
}

export function updateProductSpecification(req: Req): Reply {
  const ctx = ctxOf(req);
  const productId = Number(req.params.productId);
  const data = (req.body as { data: Obj }).data;
  return single(
    200,
    tx(req.db, () => {
      const { productSpecifications } = req.services.resources;
      const existing = productSpecifications.get(ctx, Number(req.params.id), productId);
      const input: Obj = {};
      if (data.sequence !== undefined) input.sequence = data.sequence;
      if (data.valueId !== undefined) {
        const v = valueRow(ctx, Number(data.valueId));
        if (Number(v.specificationId) !== Number(existing.specificationId))
          fail(422, 'error.reference-not-found', 'data.valueId', 'must be a value of the same specification', 'data');
        input.valueId = Number(v.id);
        input.value = v.value;
      }
      return productSpecifications.update(ctx, Number(existing.id), input, productId);
    }),
  );
}
