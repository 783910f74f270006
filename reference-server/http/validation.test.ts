// Request validation (D-02, D-41) and its one exception, the token endpoint, which answers RFC 6749 §5.2 bodies
// (D-06) and ignores parameters it does not know (RFC 6749 §3.2): cases the fuzzer found (robustness/README.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { start } from '../testing.ts';

test('the token endpoint answers RFC 6749 bodies for a JSON body the schema refuses, and ignores unknown parameters', async () => {
  const app = await start();
  try {
    const token = async (path: string, body: unknown) => {
      const res = await fetch(`${app.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const credentials = { client_id: 'conformance-full', client_secret: 'conformance-full-secret' };
    assert.deepEqual(await token('/admin/oauth/token.json', credentials).then((r) => [r.status, r.body.error]), [
      400,
      'invalid_request',
    ]);
    const wrong = await token('/admin/oauth/token', { ...credentials, grant_type: 'CLIENT_CREDENTIALS' });
    assert.deepEqual([wrong.status, wrong.body.error], [400, 'unsupported_grant_type']);
    const extra = await token('/admin/oauth/token.json?id:mim=1&__proto__=x', {
      ...credentials,
      grant_type: 'client_credentials',
    });
    assert.equal(extra.status, 200);
    // Every other operation still refuses an unknown parameter (D-41).
    assert.equal((await app.call('GET', '/api/v2/products.json?id:mim=1')).status, 422);
  } finally {
    await app.stop();
  }
});
