import { sign } from '../../http/signing.ts';
import { transport } from '../../webhooks/worker.ts';
import { signerSecret } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'webhooks.metadataDropped', area: 'webhooks', source: ['§6', 'D-17'],
  description: 'The delivery body carries an empty `metadata` instead of the subscription\'s.',
  apply: (t) => {
    const send = transport.send;
    transport.send = (url, init) => {
      const headers = init.headers as Record<string, string>;
      const secret = signerSecret(t, String(init.body), headers['x-store-signature'] ?? '');
      const body = JSON.stringify({ ...JSON.parse(String(init.body)), metadata: {} });
      return send(url, { ...init, body, headers: { ...headers, 'x-store-signature': sign(body, secret) } });
    };
  },
} satisfies Fault;
