// `signatures` (D-16): a scheme by name or by its parts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACT_DIALECT, parseDialect } from './keys.ts';
import { SIGNATURE_SCHEMES } from './signatures.ts';

test('signatures: a named scheme or its parts, headers in lower case; ours by default', () => {
  assert.deepEqual(CONTRACT_DIALECT.signatures, SIGNATURE_SCHEMES['store-signature']);
  assert.deepEqual(
    parseDialect('signatures: { header: X-Sig, signs: id.timestamp.body, id: X-Id, timestamp: X-Ts, prefix: "v1=" }')
      .dialect.signatures,
    { header: 'x-sig', signs: 'id.timestamp.body', id: 'x-id', timestamp: 'x-ts', encoding: 'base64', prefix: 'v1=' },
  );
  assert.equal(parseDialect('signatures: standard-webhooks').dialect.signatures.prefix, 'v1,');
  for (const bad of ['hmac', '{ header: X, encoding: b64 }', '{ header: X, signs: id.timestamp.body }'])
    assert.throws(() => parseDialect(`signatures: ${bad}`), /signatures must be .* \(ours: D-16\)$/);
});
