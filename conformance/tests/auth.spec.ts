// Auth (§4.1, §5, D-05..D-07): the token endpoint, and for EVERY secured operation of the document: no token
// and a bad token → 401, a client without the scope → 403, the readonly client reads but never writes.
import { test, expect, requirement } from '../lib/requirement.ts';
import { operations, type Operation } from '../lib/contract.ts';
import { config } from '../lib/config.ts';
import { paramsFor } from '../lib/fixtures.ts';
import type { Api, ApiResponse, CallOptions } from '../lib/api.ts';

const secured = operations.filter((o) => o.security);
const isRead = (o: Operation) => o.method === 'GET';
const readonlyAllowed = (o: Operation) => o.security!.some((alt) => alt.length > 0 && alt.every((s) => s.endsWith('.readonly')));

async function callAs(api: Api, o: Operation, as: CallOptions['as']): Promise<ApiResponse> {
  const params = await paramsFor(api, o.operationId, 1);
  return api.call(o.operationId, { as, params, body: o.requestExample });
}
function expectError(res: ApiResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, status });
}

for (const o of secured) {
  test.describe(o.operationId, () => {
    requirement({ id: `${o.operationId}.auth.no-token`, level: 'MUST', area: 'auth', source: ['§5', 'D-05'], title: `${o.method} ${o.path} without a token answers 401 with a Bearer challenge` }, async ({ api }) => {
      const res = await callAs(api, o, 'none');
      expectError(res, 401);
      expect(res.headers['www-authenticate'] ?? '').toMatch(/^Bearer/i);
    });
    requirement({ id: `${o.operationId}.auth.bad-token`, level: 'MUST', area: 'auth', source: ['§5', 'D-05'], title: `${o.method} ${o.path} with an unknown token answers 401` }, async ({ api }) => {
      expectError(await callAs(api, o, { token: 'not-a-token-0123456789abcdef' }), 401);
    });
    if (o.security!.some((alt) => alt.length > 0)) {
      requirement({ id: `${o.operationId}.auth.missing-scope`, level: 'MUST', area: 'auth', source: ['§5', 'D-07'], title: `${o.method} ${o.path} answers 403 to a client without its scope` }, async ({ api }) => {
        expectError(await callAs(api, o, 'default'), 403);
      });
      if (isRead(o) && readonlyAllowed(o)) {
        requirement({ id: `${o.operationId}.auth.readonly-reads`, level: 'MUST', area: 'auth', source: ['§5', 'D-07'], title: `${o.method} ${o.path} is allowed with the .readonly scope` }, async ({ api }) => {
          const res = await callAs(api, o, 'readonly');
          expect([401, 403]).not.toContain(res.status);
        });
      } else if (!isRead(o)) {
        requirement({ id: `${o.operationId}.auth.readonly-cannot-write`, level: 'MUST', area: 'auth', source: ['§5', 'D-07'], title: `${o.method} ${o.path} answers 403 to a readonly client` }, async ({ api }) => {
          expectError(await callAs(api, o, 'readonly'), 403);
        });
      }
    }
  });
}

test.describe('createToken', () => {
  const full = config.clients.full;
  const form = (over: Record<string, string> = {}) => new URLSearchParams({ grant_type: 'client_credentials', client_id: full.clientId, client_secret: full.clientSecret, ...over }).toString();
  const post = (api: Api, body: string, headers: Record<string, string> = {}, path = '/admin/oauth/token.json') =>
    api.send('POST', `${config.authUrl}${path}`, { as: 'none', raw: { text: body, contentType: 'application/x-www-form-urlencoded' }, headers });
  const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}` });

  requirement({ id: 'createToken.form', level: 'MUST', area: 'auth', source: ['§4.1', '§2.9', '§5'], title: 'issues a Bearer token for 3600 s from form credentials, without refresh_token' }, async ({ api }) => {
    const res = await api.call('createToken', { as: 'none', raw: { text: form(), contentType: 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.expires_in).toBe(3600);
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(typeof res.body.access_token).toBe('string');
  });
  requirement({ id: 'createToken.basic', level: 'MUST', area: 'auth', source: ['§4.1', '§5'], title: 'issues a token for HTTP Basic client credentials' }, async ({ api }) => {
    const res = await api.call('createToken', { as: 'none', raw: { text: 'grant_type=client_credentials', contentType: 'application/x-www-form-urlencoded' }, headers: basic(full.clientId, full.clientSecret) });
    expect(res.status).toBe(200);
    const use = await api.call('listWebhooks', { as: { token: res.body.access_token } });
    expect(use.status).toBe(200);
  });
  requirement({ id: 'createTokenAlias.form', level: 'MUST', area: 'auth', source: ['D-05'], title: 'answers the same at /admin/oauth/token' }, async ({ api }) => {
    const res = await api.call('createTokenAlias', { as: 'none', raw: { text: form(), contentType: 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBe(3600);
  });
  requirement({ id: 'createToken.wrong-secret', level: 'MUST', area: 'auth', source: ['§5', 'D-06'], title: 'refuses a wrong secret with invalid_client' }, async ({ api }) => {
    const res = await post(api, form({ client_secret: 'wrong' }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
  requirement({ id: 'createToken.wrong-secret-basic', level: 'MUST', area: 'auth', source: ['§5', 'D-06'], title: 'refuses wrong Basic credentials with invalid_client' }, async ({ api }) => {
    const res = await post(api, 'grant_type=client_credentials', basic(full.clientId, 'wrong'));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
  requirement({ id: 'createToken.unknown-client', level: 'MUST', area: 'auth', source: ['§5', 'D-06'], title: 'refuses an unknown client with invalid_client' }, async ({ api }) => {
    const res = await post(api, form({ client_id: 'no-such-client' }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
  requirement({ id: 'createToken.grant-type', level: 'MUST', area: 'auth', source: ['§4.1', 'D-06'], title: 'refuses another grant type with unsupported_grant_type' }, async ({ api }) => {
    const res = await post(api, form({ grant_type: 'password' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
  });
  requirement({ id: 'createToken.scope', level: 'SHOULD', area: 'auth', source: ['§2.9', 'D-07'], title: 'reports the granted scopes, or null for the default scope only' }, async ({ api }) => {
    const res = await post(api, form({ client_id: config.clients.default.clientId, client_secret: config.clients.default.clientSecret }));
    expect(res.body.scope ?? null).toBeNull();
    const ro = await post(api, form({ client_id: config.clients.readonly.clientId, client_secret: config.clients.readonly.clientSecret }));
    expect(String(ro.body.scope).split(' ').sort()).toEqual([...config.clients.readonly.scopes].sort());
  });
  requirement({ id: 'createToken.tokens-differ', level: 'MUST', area: 'auth', source: ['§5', 'D-06'], title: 'issues a different opaque token on every request' }, async ({ api }) => {
    const a = await post(api, form());
    const b = await post(api, form());
    expect(a.body.access_token).not.toBe(b.body.access_token);
  });
  requirement({ id: 'createToken.expiry', level: 'MUST', area: 'auth', source: ['§5', '§8', 'D-05'], title: 'a token is refused with 401 once its expires_in has passed (checked with a short-lived client)' }, async ({ api }) => {
    const c = config.clients.shortLived;
    test.skip(!c, 'CONFORMANCE_CLIENTS names no shortLived client whose tokens expire within seconds');
    const res = await post(api, form({ client_id: c!.clientId, client_secret: c!.clientSecret }));
    expect(res.status).toBe(200);
    const { access_token: token, expires_in: lifetime } = res.body as { access_token: string; expires_in: number };
    expect(lifetime, 'the shortLived client must be configured with a lifetime of at most 10 s').toBeLessThanOrEqual(10);
    expect((await api.call('listWebhooks', { as: { token } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, (lifetime + 1) * 1000));
    const expired = await api.call('listWebhooks', { as: { token } });
    expect(expired.status).toBe(401);
    expect(expired.headers['www-authenticate'] ?? '').toMatch(/^Bearer/i);
  });
  requirement({ id: 'createToken.lowercase-bearer', level: 'SHOULD', area: 'auth', source: ['D-05'], title: 'accepts the bearer scheme name in any case (RFC 6750)' }, async ({ api }) => {
    const res = await api.send('GET', api.url('listWebhooks'), { as: 'none', headers: { authorization: `bearer ${(await post(api, form())).body.access_token}` } });
    expect(res.status).toBe(200);
  });
});
