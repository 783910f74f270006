// How the check judges `signatures` on a delivery (signatures.ts): verified as the webhook requirements verify it,
// and, when it does not verify, the scheme it does verify as among those tried.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { parseDialect, SIGNATURE_SCHEMES } from '../lib/dialect.ts';
import type { Recorded } from '../lib/receiver.ts';
import { describeScheme, schemesToTry, signatureProblem } from './signatures.ts';

const secret = 'k3-full-secret';
const body = '{"id":"d-1","topic":"products/create"}';
const hmac = (text: string, encoding: 'hex' | 'base64') => createHmac('sha256', secret).update(text).digest(encoding);
/** A delivery signed as the outside implementation signs: v1=<hex HMAC of id.timestamp.body>. */
const delivery: Recorded = {
  kind: 'hooks',
  method: 'POST',
  query: {},
  headers: {
    'content-type': 'application/json',
    'x-hook-id': 'd-1',
    'x-hook-timestamp': '1700000000',
    'x-hook-signature': `v1=${hmac(`d-1.1700000000.${body}`, 'hex')}`,
  },
  body,
  at: 0,
};
const outside = parseDialect(
  "signatures: { header: X-Hook-Signature, signs: id.timestamp.body, id: X-Hook-Id, timestamp: X-Hook-Timestamp, encoding: hex, prefix: 'v1=' }",
).dialect.signatures;

test('the stated scheme verifies: no problem', () => {
  assert.equal(signatureProblem(delivery, secret, outside), undefined);
});

test('another encoding, or another scheme by name: what is wrong, and the scheme it verifies as', () => {
  assert.equal(
    signatureProblem(delivery, secret, { ...outside, encoding: 'base64' }),
    "a delivery's x-hook-signature does not verify as base64 HMAC-SHA256 of id.timestamp.body (after v1=) with the full client's secret; it verifies as { header: x-hook-signature, signs: id.timestamp.body, id: x-hook-id, timestamp: x-hook-timestamp, encoding: hex, prefix: 'v1=' }",
  );
  assert.equal(
    signatureProblem(delivery, secret, SIGNATURE_SCHEMES['standard-webhooks']!),
    "a delivery carries no webhook-signature header (its headers: content-type, x-hook-id, x-hook-signature, x-hook-timestamp); it verifies as { header: x-hook-signature, signs: id.timestamp.body, id: x-hook-id, timestamp: x-hook-timestamp, encoding: hex, prefix: 'v1=' }",
  );
  assert.match(signatureProblem(delivery, 'another secret', outside)!, /it verifies under none of the schemes tried$/);
});

test('a named scheme is described by its name; ours verifies from the schemes tried', () => {
  assert.equal(describeScheme(SIGNATURE_SCHEMES['store-signature']!), 'store-signature');
  const ours: Recorded = { ...delivery, headers: { 'x-store-signature': hmac(body, 'base64') } };
  assert.equal(signatureProblem(ours, secret, outside)?.endsWith('it verifies as store-signature'), true);
  assert.ok(schemesToTry(delivery.headers, outside).every((s) => describeScheme(s) !== describeScheme(outside)));
});
