// Specification headings (§2.12): titles unique case-insensitively (D-32).
import type { ResourceDef } from '../store/types.ts';
import { nextNumber, schemaDefaults } from './lib.ts';

export default {
  name: 'specifications',
  schema: 'Specification',
  listOperation: 'listSpecifications',
  defaults: (ctx) => ({
    ...schemaDefaults('SpecificationInput'),
    sequence: nextNumber(ctx, 'specifications', 'sequence'),
  }),
  check: (ctx, next, _previous, self) => {
    self.unique(ctx, next, 'title', { nocase: true }); // D-32
  },
} satisfies ResourceDef;
