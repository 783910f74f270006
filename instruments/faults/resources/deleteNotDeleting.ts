import { allResources, wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.3', 'D-04'],
  breaks: 'source',
  description: 'Delete answers 204 but the row stays (a soft delete that reads never honour).',
  apply: (app) => {
    for (const r of allResources(app)) wrapMethod(r, 'delete', () => (ctx, id, parentId) => r.get(ctx, id, parentId));
  },
} satisfies Fault;
