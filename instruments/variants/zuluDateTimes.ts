import { onJson, walk } from '../faults/lib.ts';
import type { Json } from '../../openapi/contract.ts';
import { onSignedRequest, resign } from './lib.ts';
import type { Variant } from './types.ts';

const zulu = (node: Json) =>
  walk(node, (v) =>
    typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/.test(v) ? `${v.slice(0, 19)}Z` : v,
  );

export default {
  decides: ['D-10'],
  description:
    'v2 date-times (answers and webhook delivery bodies) are written with `Z` (`2024-05-01T10:00:00Z`) instead of `+00:00`; contacts keep ATOM. §2.1: v2 date-times are "ISO-8601 date-times with an offset, for example shape `YYYY-MM-DDTHH:MM:SS+00:00`": `Z` is ISO 8601\'s (and RFC 3339\'s) designator of the zero offset, and the shape is an example.',
  apply: (app) => {
    onJson(app, (body, res) => (res.req.path.startsWith('/api/contacts') ? body : zulu(body)));
    onSignedRequest(app, (url, init) => {
      const original = String(init.body);
      const parsed = JSON.parse(original);
      // A contact event's `data` is a contact, whose date-times stay ATOM (§2.1); the delivery's own are v2's.
      const body = JSON.stringify(
        String(parsed?.event).startsWith('contacts/') ? { ...parsed, createdOn: zulu(parsed.createdOn) } : zulu(parsed),
      );
      // Only webhook deliveries carry date-times (rate and label requests have a `Y-m-d` dispatch date); re-signed.
      return body === original
        ? init
        : {
            ...init,
            body,
            headers: {
              ...init.headers,
              'x-store-signature': resign(app, original, init.headers['x-store-signature']!, body),
            },
          };
    });
  },
} satisfies Variant;
