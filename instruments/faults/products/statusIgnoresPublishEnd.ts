import type { Fault } from '../types.ts';

export default {
  source: ['§3', '§2.3'],
  breaks: 'source',
  description: '`status` checks `publishStartOn` but not `publishEndOn`: an expired product stays `public`.',
  apply: (app) => {
    const started = (o: Record<string, unknown>, now: Date) =>
      o.isActive === true && (o.publishStartOn === null || Date.parse(String(o.publishStartOn)) <= now.getTime());
    app.seams.resources.products.def.computed!.status = {
      value: (o, now) => (started(o, now) ? 'public' : 'admin'),
      sql: `(CASE WHEN "isActive" = 1 AND ("publishStartOn" IS NULL OR "publishStartOn" <= $now) THEN 'public' ELSE 'admin' END)`,
    };
  },
} satisfies Fault;
