import { sign } from '../../../shared/signing.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-16'],
  breaks: 'decision',
  description: "Webhook deliveries are signed with the store's account name instead of the owning App client's secret.",
  apply: (app) => {
    const send = app.seams.transport.send;
    app.seams.transport.send = (url, init) =>
      send(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          'x-store-signature': sign(String(init.body), app.seams.config.account),
        },
      });
  },
} satisfies Fault;
