import { createHmac } from 'node:crypto';
import { signerSecret } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-16'],
  breaks: 'decision',
  description: 'The webhook signature is the HMAC-SHA256 digest in hex instead of base64.',
  apply: (app) => {
    const send = app.seams.transport.send;
    app.seams.transport.send = (url, init) => {
      const headers = init.headers as Record<string, string>;
      // The secret is the owning client's; the hex digest is the mistake.
      const secret = signerSecret(app, String(init.body), headers['x-store-signature'] ?? '');
      return send(url, {
        ...init,
        headers: {
          ...headers,
          'x-store-signature': createHmac('sha256', secret).update(String(init.body)).digest('hex'),
        },
      });
    };
  },
} satisfies Fault;
