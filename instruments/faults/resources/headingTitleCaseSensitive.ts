import type { Fault } from '../types.ts';

export default {
  source: ['§2.12', 'D-32'],
  breaks: 'decision',
  description: 'Specification heading titles are unique case-sensitively: `Colour` and `colour` may both exist.',
  apply: (app) => {
    const r = app.seams.resources.specifications;
    r.def.check = (ctx, next) => r.unique(ctx, next, 'title');
  },
} satisfies Fault;
