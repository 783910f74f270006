import { beforeDispatch, rewriteBody, wrapMethod } from '../lib.ts';
import type { Fault } from '../types.ts';

/** The shape of a pattern (`<word>/<action>`, `*`), without the catalogue of names. */
const SHAPE = /^(\*|(\*|[a-zA-Z]+)\/(\*|created|updated|deleted))$/;

export default {
  source: ['D-71', 'D-17'],
  breaks: 'decision',
  description:
    'A subscription pattern is checked for its shape only: `prodcts/created` (a typo) is stored with 201 and never receives an event.',
  apply: (app) => {
    // The entries as sent, from before validation (which knows the catalogue) to the write, in the same request.
    let sent: unknown[] | undefined;
    beforeDispatch(app, (req) => {
      sent = undefined;
      if (!/^\/api\/v2\/webhooks(\/\d+)?\.json$/.test(req.path) || !['POST', 'PUT'].includes(req.method)) return;
      rewriteBody(req, (body) => {
        const events = body?.data?.events;
        if (!Array.isArray(events) || !events.every((e) => typeof e === 'string' && SHAPE.test(e))) return body;
        sent = events;
        return { ...body, data: { ...body.data, events: events.map(() => '*') } };
      });
    });
    const webhooks = app.seams.resources.webhooks;
    const restore = (input: Record<string, unknown>) => {
      if (sent && Array.isArray(input.events)) input = { ...input, events: sent };
      sent = undefined;
      return input;
    };
    wrapMethod(webhooks, 'create', (original) => (ctx, input, parentId) => original(ctx, restore(input), parentId));
    wrapMethod(
      webhooks,
      'update',
      (original) => (ctx, id, input, parentId) => original(ctx, id, restore(input), parentId),
    );
  },
} satisfies Fault;
