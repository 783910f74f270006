import { resources } from '../../store/resources.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'resources.urlRedirectWithoutTarget', area: 'resources', source: ['§2.5', 'D-44'],
  description: 'A `url` redirect is accepted without `target`.',
  apply: () => {
    const check = resources.redirects.def.check!;
    resources.redirects.def.check = (ctx, next, previous) => check(ctx, next.resource === 'url' && !next.target ? { ...next, target: '/' } : next, previous);
  },
} satisfies Fault;
