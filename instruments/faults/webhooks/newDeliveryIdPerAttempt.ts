import { randomUUID } from 'node:crypto';
import type { Fault } from '../types.ts';

export default {
  source: ['D-16', 'D-23'],
  breaks: 'decision',
  description:
    '`X-Store-Delivery-Id` is a new id on every attempt, so a receiver cannot tell a retry from a new event.',
  apply: (app) => {
    const send = app.seams.transport.send;
    app.seams.transport.send = (url, init) =>
      send(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-store-delivery-id': randomUUID() },
      });
  },
} satisfies Fault;
