import type { Fault } from '../types.ts';

export default {
  source: ['§2.12', 'D-34'],
  // §2.12 says "Built-in roles can be listed; custom roles can be managed", not that a change of a built-in role is
  // refused: that is D-34's.
  breaks: 'decision',
  description: 'The built-in access roles (`customer`, `trade`, `staff`) may be changed and deleted.',
  apply: (app) => {
    const r = app.seams.resources.accessRoles;
    r.def.check = (ctx, next) => r.unique(ctx, next, 'reference', { nocase: true });
    r.def.beforeDelete = undefined;
  },
} satisfies Fault;
