import { sign } from '../../../shared/signing.ts';
import { signerSecret } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§6', 'D-17'],
  // §6: "Body of a webhook delivery: not shown."
  breaks: 'decision',
  description:
    "A webhook delivery carries its event under `topic`, the resource under `payload` and the subscription's metadata under `meta` (`{eventId, topic, createdOn, apiVersion, account, payload, meta}`) instead of `event`, `data` and `metadata`; signed as sent.",
  apply: (app) => {
    const send = app.seams.transport.send;
    app.seams.transport.send = (url, init) => {
      const headers = init.headers as Record<string, string>;
      const { event, data, metadata, ...rest } = JSON.parse(String(init.body));
      const secret = signerSecret(app, String(init.body), headers['x-store-signature'] ?? '');
      const body = JSON.stringify({ ...rest, topic: event, payload: data, meta: metadata });
      return send(url, { ...init, body, headers: { ...headers, 'x-store-signature': sign(body, secret) } });
    };
  },
} satisfies Fault;
