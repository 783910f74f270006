// Product media (§2.7): an image or a video (D-39), at most one primary item per product (D-46).
import { fail } from '../../shared/errors.ts';
import type { ResourceDef } from '../store/types.ts';
import { nextNumber, productParent, schemaDefaults } from './lib.ts';

export default {
  name: 'productMedia',
  schema: 'ProductMedia',
  listOperation: 'listProductMedia',
  parent: productParent,
  exclusive: 'isPrimary', // D-46
  defaults: (ctx, _input, productId) => ({
    ...schemaDefaults('ProductMediaInput'),
    type: 'photo',
    createdBy: null,
    modifiedBy: null,
    sequence: nextNumber(ctx, 'productMedia', 'sequence', '"productId" = ?', productId!),
  }),
  check: (_ctx, next) => {
    if (next.image === null && next.video === null)
      fail(422, 'error.required', 'data.image', 'image or video is required', 'data'); // D-39
  },
} satisfies ResourceDef;
