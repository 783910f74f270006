// Product downloads (§2.9).
import type { ResourceDef } from '../store/types.ts';
import { nextNumber, productParent, schemaDefaults } from './lib.ts';

export default {
  name: 'productDownloads',
  schema: 'ProductDownload',
  listOperation: 'listProductDownloads',
  parent: productParent,
  defaults: (ctx, _input, productId) => ({
    ...schemaDefaults('ProductDownloadInput'),
    visibility: 'public',
    createdBy: null,
    modifiedBy: null,
    sequence: nextNumber(ctx, 'productDownloads', 'sequence', '"productId" = ?', productId!),
  }),
} satisfies ResourceDef;
