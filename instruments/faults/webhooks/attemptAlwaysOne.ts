import type { Fault } from '../types.ts';

export default {
  source: ['D-16', 'D-23'],
  breaks: 'decision',
  description: '`X-Store-Webhook-Attempt` is always 1, also on retries.',
  apply: (app) => {
    const send = app.seams.transport.send;
    app.seams.transport.send = (url, init) =>
      send(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-store-webhook-attempt': '1' } });
  },
} satisfies Fault;
