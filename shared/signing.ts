// D-16: one signature scheme for webhook deliveries and App callbacks.
import { createHmac } from 'node:crypto';

export const sign = (rawBody: string, secret: string) => createHmac('sha256', secret).update(rawBody).digest('base64');

/** The headers of a signed POST to an App; `account` is the store's (Config.account). */
export function signedHeaders(
  rawBody: string,
  secret: string,
  deliveryId: string,
  account: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-store-signature': sign(rawBody, secret),
    'x-store-delivery-id': deliveryId,
    'x-store-timestamp': String(Math.floor(Date.now() / 1000)),
    'x-store-account': account,
    'x-store-api-version': 'v2',
  };
}
