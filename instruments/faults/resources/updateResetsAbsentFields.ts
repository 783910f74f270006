import { allResources, wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-01'],
  breaks: 'decision',
  description: 'Update is a replace, not a merge: fields absent from `data` go back to their defaults.',
  apply: (app) => {
    for (const r of allResources(app)) {
      wrapMethod(r, 'update', (update) => (ctx, id, input, parentId) => {
        const defaults = r.def.defaults?.(ctx, input, parentId) ?? {};
        // Only the fields of the input schema: the row's own (ids, dates, computed) stay.
        const writable = Object.fromEntries(
          Object.entries(defaults).filter(
            ([k]) =>
              ![
                'sequence',
                'quickfind',
                'alias',
                'created',
                'createdBy',
                'modifiedBy',
                'isBuiltIn',
                'apiVersion',
              ].includes(k),
          ),
        );
        return update(ctx, id, { ...writable, ...input }, parentId);
      });
    }
  },
} satisfies Fault;
