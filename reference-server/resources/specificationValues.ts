// Specification values (§2.12): the values of a heading, unique within it (D-33).
import type { ResourceDef } from '../store/types.ts';
import { nextNumber, schemaDefaults } from './lib.ts';

export default {
  name: 'specificationValues',
  schema: 'SpecificationValue',
  listOperation: 'listSpecificationValues',
  parent: { param: 'specId', column: 'specificationId', table: 'specifications', what: 'specification' },
  defaults: (ctx, _input, specId) => ({
    ...schemaDefaults('SpecificationValueInput'),
    sequence: nextNumber(ctx, 'specificationValues', 'sequence', '"specificationId" = ?', specId!),
  }),
  check: (ctx, next, _previous, self) => self.unique(ctx, next, 'value', { scope: ['specificationId'] }), // D-33
} satisfies ResourceDef;
