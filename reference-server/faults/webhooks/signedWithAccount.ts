import { sign } from '../../http/signing.ts';
import { account } from '../../webhooks/outbox.ts';
import { transport } from '../../webhooks/worker.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'webhooks.signedWithAccount', area: 'webhooks', source: ['§5', 'D-16'],
  description: 'Webhook deliveries are signed with the store\'s account name instead of the owning App client\'s secret.',
  apply: () => {
    const send = transport.send;
    transport.send = (url, init) => send(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-store-signature': sign(String(init.body), account) } });
  },
} satisfies Fault;
