// How the dialect check judges `signatures` on a delivery it received (D-16): verified as the webhook requirements
// verify it (lib/inbox.ts `signatureValid`, the owning App client's secret), and when it does not verify, the other
// schemes tried on the same delivery, to say which one it does verify as: the schemes the descriptor knows by name
// (lib/dialect/signatures.ts `SIGNATURE_SCHEMES`), then each header of the delivery holding a value of a MAC's length,
// with what the descriptor's parts allow (the raw body or `id.timestamp.body`, base64 or hex, a prefix read off the
// value). Pure but for the HMAC.
import type { Recorded } from '../lib/receiver.ts';
import { signatureValid } from '../lib/inbox.ts';
import { SIGNATURE_SCHEMES, type Signatures } from '../lib/dialect.ts';

/** A scheme in the words of a dialect file: its name where it has one, else its parts. */
export function describeScheme(s: Signatures): string {
  const named = Object.entries(SIGNATURE_SCHEMES).find(([, n]) => sameScheme(n, s));
  if (named) return named[0];
  const parts = [
    `header: ${s.header}`,
    `signs: ${s.signs}`,
    ...(s.signs === 'id.timestamp.body' ? [`id: ${s.id}`, `timestamp: ${s.timestamp}`] : []),
    `encoding: ${s.encoding}`,
    ...(s.prefix ? [`prefix: '${s.prefix}'`] : []),
  ];
  return `{ ${parts.join(', ')} }`;
}

const sameScheme = (a: Signatures, b: Signatures) =>
  a.header === b.header &&
  a.signs === b.signs &&
  a.encoding === b.encoding &&
  (a.prefix ?? '') === (b.prefix ?? '') &&
  (a.signs === 'body' || (a.id === b.id && a.timestamp === b.timestamp));

/** What a scheme computes, in words: `hex HMAC-SHA256 of id.timestamp.body (after v1=)`. */
export const computes = (s: Signatures) =>
  `${s.encoding} HMAC-SHA256 of ${s.signs}${s.prefix ? ` (after ${s.prefix})` : ''}`;

/** A header value that may hold a MAC: 20 or more characters of base64 or hex, after a prefix (lib/inbox.ts). */
const MAC = /[A-Za-z0-9+/_-]{20,}={0,2}/;

/** The schemes to try on a delivery besides the stated one: the named ones, then those its own headers suggest. */
export function schemesToTry(headers: Record<string, string>, stated: Signatures): Signatures[] {
  const names = Object.keys(headers).map((h) => h.toLowerCase());
  const ids = [...new Set([stated.id, ...names.filter((h) => /(^|-)id$/.test(h))].filter((h) => h !== undefined))];
  const stamps = [
    ...new Set([stated.timestamp, ...names.filter((h) => /timestamp$/.test(h))].filter((h) => h !== undefined)),
  ];
  const out: Signatures[] = [...Object.values(SIGNATURE_SCHEMES)];
  for (const [header, value] of Object.entries(headers)) {
    const first = String(value).split(' ')[0] ?? '';
    if (!MAC.test(first)) continue;
    const prefix = /^([A-Za-z0-9]{1,12}[=,:])(?=[A-Za-z0-9+/_-]{20,})/.exec(first)?.[1];
    for (const encoding of ['hex', 'base64'] as const) {
      const base = { header: header.toLowerCase(), encoding, ...(prefix ? { prefix } : {}) };
      out.push({ ...base, signs: 'body' });
      for (const id of ids)
        for (const timestamp of stamps) out.push({ ...base, signs: 'id.timestamp.body', id, timestamp });
    }
  }
  return out.filter((s, i) => !sameScheme(s, stated) && out.findIndex((x) => sameScheme(x, s)) === i);
}

/**
 * A delivery's signature judged under the stated scheme with `secret`: undefined when it verifies, else what is wrong
 * and the scheme it verifies as, if any of those tried.
 */
export function signatureProblem(r: Recorded, secret: string, stated: Signatures): string | undefined {
  if (signatureValid(r, secret, stated)) return undefined;
  const sent = r.headers[stated.header];
  const other = schemesToTry(r.headers, stated).find((s) => signatureValid(r, secret, s));
  const what =
    sent === undefined
      ? `a delivery carries no ${stated.header} header (its headers: ${Object.keys(r.headers).sort().join(', ')})`
      : `a delivery's ${stated.header} does not verify as ${computes(stated)} with the full client's secret`;
  return `${what}; ${other ? `it verifies as ${describeScheme(other)}` : 'it verifies under none of the schemes tried'}`;
}
