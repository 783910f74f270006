// Geozones (§2.12): the built-in zones cannot change (D-35); a country without regions covers all of it (D-54).
import type { Obj, ResourceDef } from '../store/types.ts';
import { readOnlyBuiltIn, schemaDefaults } from './lib.ts';

export default {
  name: 'geozones',
  schema: 'Geozone',
  listOperation: 'listGeozones',
  defaults: () => ({ ...schemaDefaults('GeozoneInput'), isBuiltIn: false }),
  normalize: (_ctx, next) => {
    // D-54: a country given without regions covers the whole country; it reads back as `regions: []`.
    next.countries = (next.countries as Obj[]).map((c) => ({ ...c, regions: c.regions ?? [] }));
  },
  check: (ctx, next, previous) => readOnlyBuiltIn('geozone').check(ctx, next, previous),
  beforeDelete: readOnlyBuiltIn('geozone').beforeDelete,
} satisfies ResourceDef;
