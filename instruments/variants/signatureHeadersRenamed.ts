import { onSignedRequest, resign } from './lib.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-16'],
  dialect: 'signatureHeadersRenamed.dialect.yaml',
  description:
    'Webhook deliveries and App callbacks carry `X-Shop-*` headers instead of `X-Store-*` (`X-Shop-Signature`, `X-Shop-Event`, `X-Shop-Webhook-Id`, …), and the signature is the HMAC-SHA256 in hex instead of base64 (same secret, same body). §5: "Names and computation of the validation headers: not shown"; callbacks stay "similar to those on webhook deliveries".',
  apply: (app) =>
    onSignedRequest(app, (_url, init) => {
      const body = String(init.body);
      const headers: Record<string, string> = Object.fromEntries(
        Object.entries(init.headers).map(([k, v]) => [k.replace(/^x-store-/, 'x-shop-'), v]),
      );
      headers['x-shop-signature'] = resign(app, body, init.headers['x-store-signature']!, body, 'hex');
      return { ...init, headers };
    }),
} satisfies Variant;
