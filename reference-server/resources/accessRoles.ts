// Access roles (§2.12): references unique case-insensitively; the built-in roles cannot change (D-34).
import type { ResourceDef } from '../store/types.ts';
import { readOnlyBuiltIn, schemaDefaults } from './lib.ts';

export default {
  name: 'accessRoles',
  schema: 'AccessRole',
  listOperation: 'listAccessRoles',
  defaults: () => ({ ...schemaDefaults('AccessRoleInput'), isBuiltIn: false }),
  check: (ctx, next, previous, self) => {
    readOnlyBuiltIn('access role').check(ctx, next, previous);
    self.unique(ctx, next, 'reference', { nocase: true });
  },
  beforeDelete: readOnlyBuiltIn('access role').beforeDelete,
} satisfies ResourceDef;
