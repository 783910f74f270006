import type { Fault } from '../types.ts';

export default {
  source: ['§3', '§2.3'],
  breaks: 'source',
  description: '`status` is `public` whenever `isActive` is true, whatever `publishStartOn` / `publishEndOn` say.',
  apply: (app) => {
    app.seams.resources.products.def.computed!.status = {
      value: (o) => (o.isActive === true ? 'public' : 'admin'),
      sql: `(CASE WHEN "isActive" = 1 THEN 'public' ELSE 'admin' END)`,
    };
  },
} satisfies Fault;
