import type { Fault } from '../types.ts';

/**
 * The headers of a signed POST to an App (D-16, shared/signing.ts `signedHeaders`) but its content type: the signature,
 * the delivery id, the timestamp, the account and the API version. A webhook delivery keeps its own
 * `X-Store-Event`, `X-Store-Webhook-Id` and `X-Store-Webhook-Attempt`, which name what it is, not who sent it.
 */
const SECURITY = [
  'x-store-signature',
  'x-store-delivery-id',
  'x-store-timestamp',
  'x-store-account',
  'x-store-api-version',
];

export default {
  areas: ['webhooks', 'callbacks'],
  source: ['§5', '§6', 'D-16'],
  // §5: "Callbacks from the service to the App (rate and label requests) carry security headers so that the App can
  // validate them. They are similar to those on webhook deliveries."
  breaks: 'source',
  description:
    'Webhook deliveries and App callbacks (rate and label requests) are sent without their security headers: no `X-Store-Signature`, `X-Store-Delivery-Id`, `X-Store-Timestamp`, `X-Store-Account` or `X-Store-Api-Version`, nothing an App could validate them with (the signing step forgotten).',
  apply: (app) => {
    for (const seam of [app.seams.transport, app.seams.appCalls]) {
      const send = seam.send;
      seam.send = (url, init) =>
        send(url, {
          ...init,
          headers: Object.fromEntries(
            Object.entries(init.headers as Record<string, string>).filter(([k]) => !SECURITY.includes(k.toLowerCase())),
          ),
        });
    }
  },
} satisfies Fault;
