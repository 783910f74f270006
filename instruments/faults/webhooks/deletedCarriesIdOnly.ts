import { sign } from '../../../shared/signing.ts';
import { signerSecret } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§6', 'D-17'],
  breaks: 'decision',
  description: 'A `*/deleted` event carries only `{id}` instead of the resource as it was.',
  apply: (app) => {
    const send = app.seams.transport.send;
    app.seams.transport.send = (url, init) => {
      const parsed = JSON.parse(String(init.body));
      if (!String(parsed.event).endsWith('/deleted')) return send(url, init);
      const headers = init.headers as Record<string, string>;
      const secret = signerSecret(app, String(init.body), headers['x-store-signature'] ?? '');
      const body = JSON.stringify({ ...parsed, data: { id: parsed.data.id } });
      return send(url, { ...init, body, headers: { ...headers, 'x-store-signature': sign(body, secret) } });
    };
  },
} satisfies Fault;
