import { randomUUID } from 'node:crypto';
import { transport } from '../../webhooks/worker.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'webhooks.newDeliveryIdPerAttempt', area: 'webhooks', source: ['D-16', 'D-23'],
  description: '`X-Store-Delivery-Id` is a new id on every attempt, so a receiver cannot tell a retry from a new event.',
  apply: () => {
    const send = transport.send;
    transport.send = (url, init) => send(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-store-delivery-id': randomUUID() } });
  },
} satisfies Fault;
