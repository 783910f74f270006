import { SCOPE_TABLE } from '../../openapi/contract.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-07'],
  description:
    'Every operation outside §5\'s scope table accepts any valid token (no 403 for a missing scope; writes with a readonly token succeed); the six operations of the table keep their scopes. §5: "Scopes for all other operations: not shown"; the scope families of D-07 are ours.',
  apply: (app) => {
    // `security` alternatives of `[[]]` mean "any valid token" to the dispatcher (dispatch.ts `authenticate`).
    app.seams.securityOf = (op) =>
      op.security?.some((alt) => alt.length > 0) && !SCOPE_TABLE.includes(op.operationId) ? [[]] : op.security;
  },
} satisfies Variant;
