// `signatures`: how webhook deliveries and App callbacks are signed (§5: "Names and computation of the validation
// headers: not shown"; D-16), through which §5's "carry security headers so that the App can validate them" is
// judged (lib/inbox.ts `signatureValid`).
import { isName, isObject, type Descriptor } from './core.ts';

/**
 * A signature scheme: the header holding an HMAC-SHA256 of what is signed, keyed with the owning App client's
 * secret (its UTF-8 bytes), in an encoding, after an optional prefix (`v1,`); several space-separated signatures
 * may be sent. What is signed: the raw body, or `<id>.<timestamp>.<body>` with the id and timestamp headers named.
 */
export interface Signatures {
  header: string;
  signs: 'body' | 'id.timestamp.body';
  id?: string;
  timestamp?: string;
  encoding: 'base64' | 'hex';
  prefix?: string;
}
/** Schemes a team may state by name alone. */
export const SIGNATURE_SCHEMES: Record<string, Signatures> = {
  // D-16's.
  'store-signature': { header: 'x-store-signature', signs: 'body', encoding: 'base64' },
  // Standard Webhooks (standardwebhooks.com): `webhook-signature: v1,<base64>` over `<webhook-id>.<webhook-timestamp>.<body>`.
  'standard-webhooks': {
    header: 'webhook-signature',
    signs: 'id.timestamp.body',
    id: 'webhook-id',
    timestamp: 'webhook-timestamp',
    encoding: 'base64',
    prefix: 'v1,',
  },
};

declare module './core.ts' {
  interface Dialect {
    /** How webhook deliveries and App callbacks are signed (§5: "Names and computation of the validation headers: not shown"; D-16). */
    signatures: Signatures;
  }
}

/** A `signatures` entry, read: a scheme's name, or its parts; undefined when it is neither. */
function signaturesOf(v: unknown): Signatures | undefined {
  if (typeof v === 'string') return SIGNATURE_SCHEMES[v];
  if (!isObject(v) || !isName(v.header)) return undefined;
  const known = ['header', 'signs', 'id', 'timestamp', 'encoding', 'prefix'];
  if (!Object.keys(v).every((k) => known.includes(k))) return undefined;
  const signs = v.signs ?? 'body';
  const encoding = v.encoding ?? 'base64';
  if ((signs !== 'body' && signs !== 'id.timestamp.body') || (encoding !== 'base64' && encoding !== 'hex'))
    return undefined;
  if (signs === 'id.timestamp.body' && !(isName(v.id) && isName(v.timestamp))) return undefined;
  if (v.prefix !== undefined && typeof v.prefix !== 'string') return undefined;
  return {
    header: (v.header as string).toLowerCase(),
    signs,
    encoding,
    ...(signs === 'id.timestamp.body'
      ? { id: (v.id as string).toLowerCase(), timestamp: (v.timestamp as string).toLowerCase() }
      : {}),
    ...(v.prefix !== undefined ? { prefix: v.prefix as string } : {}),
  };
}

export const descriptor: Descriptor<'signatures'> = {
  key: 'signatures',
  accepts:
    '`store-signature` (ours), `standard-webhooks`, or { header, signs: body | id.timestamp.body, id, timestamp, encoding: base64 | hex, prefix }',
  decision: 'D-16',
  readme: {
    takes:
      'how your webhook deliveries and App callbacks are signed, which §5\'s "carry security headers so that the App can validate them" is judged through: `store-signature` (ours: `X-Store-Signature`, base64 HMAC-SHA256 of the body), `standard-webhooks` (`webhook-signature: v1,…` over `webhook-id.webhook-timestamp.body`), or `{ header, signs: body | id.timestamp.body, id, timestamp, encoding: base64 | hex, prefix }`; the HMAC key is the owning App client\'s secret, its UTF-8 bytes as the clients file gives them, in every scheme (no `whsec_` prefix is stripped, nothing is base64-decoded)',
  },
  default: { signatures: SIGNATURE_SCHEMES['store-signature']! },
  read(value) {
    const scheme = signaturesOf(value);
    return scheme ? { signatures: scheme } : undefined;
  },
};
