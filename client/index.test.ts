// The typed client's own behaviour, over a scripted transport: which requests it sends and when it gets a token.
// (The browser tests use it against the reference server and the mock; the conformance suite sends through it.)
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createStoreClient, TokenError } from './index.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = { data: [], pagination: { page: 1, limit: 100, total: 0 } };

/** A transport that records every request and answers tokens `t1`, `t2`, … and API calls by `api(request)`. */
function scripted(api: (request: Request, seen: number) => Response, expiresIn = 3600) {
  const sent: { method: string; url: string; authorization: string | null; body: string }[] = [];
  let issued = 0;
  let calls = 0;
  const fetch = async (request: Request) => {
    sent.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      body: await request.clone().text(),
    });
    if (request.url.endsWith('/admin/oauth/token.json'))
      return json(200, { access_token: `t${++issued}`, token_type: 'Bearer', expires_in: expiresIn });
    return api(request, ++calls);
  };
  return { fetch, sent, tokens: () => issued };
}
const base = { baseUrl: 'http://api.test', authUrl: 'http://auth.test', clientId: 'id', clientSecret: 's&ecret' };

test('gets a token by the client credentials grant, form-encoded, at the auth URL, and sends it', async () => {
  const t = scripted(() => json(200, page));
  const api = createStoreClient({ ...base, fetch: t.fetch });
  const { data } = await api.GET('/api/v2/products.json', { params: { query: { limit: 10, 'id:min': 5 } } });
  assert.deepEqual(data, page);
  assert.deepEqual(t.sent[0], {
    method: 'POST',
    url: 'http://auth.test/admin/oauth/token.json',
    authorization: null,
    body: 'grant_type=client_credentials&client_id=id&client_secret=s%26ecret',
  });
  assert.equal(t.sent[1]!.url, 'http://api.test/api/v2/products.json?limit=10&id:min=5');
  assert.equal(t.sent[1]!.authorization, 'Bearer t1');
});

test('concurrent calls share one token request, and later calls reuse the token', async () => {
  const t = scripted(() => json(200, page));
  const api = createStoreClient({ ...base, fetch: t.fetch });
  await Promise.all([1, 2, 3].map(() => api.GET('/api/v2/products.json')));
  await api.GET('/api/v2/webhooks.json');
  assert.equal(t.tokens(), 1);
  assert.deepEqual(
    t.sent.slice(1).map((s) => s.authorization),
    ['Bearer t1', 'Bearer t1', 'Bearer t1', 'Bearer t1'],
  );
});

test('renews the token before it expires', async (c) => {
  mock.timers.enable({ apis: ['Date'], now: 0 });
  c.after(() => mock.timers.reset());
  const t = scripted(() => json(200, page), 3600);
  const api = createStoreClient({ ...base, fetch: t.fetch });
  await api.GET('/api/v2/products.json');
  mock.timers.tick((3600 - 61) * 1000); // still inside the token's life less the 60 s margin
  await api.GET('/api/v2/products.json');
  assert.equal(t.tokens(), 1);
  mock.timers.tick(2000);
  await api.GET('/api/v2/products.json');
  assert.equal(t.tokens(), 2);
  assert.equal(t.sent.at(-1)!.authorization, 'Bearer t2');
});

test('a 401 gets one new token and one more try, with the same body', async () => {
  const t = scripted((request) =>
    request.headers.get('authorization') === 'Bearer t1' ? json(401, {}) : json(201, {}),
  );
  const api = createStoreClient({ ...base, fetch: t.fetch });
  const { response } = await api.POST('/api/v2/redirects.json', {
    body: { data: { resource: 'url', path: '/old', target: '/new' } },
  });
  assert.equal(response.status, 201);
  const posts = t.sent.filter((s) => s.method === 'POST' && s.url.endsWith('/redirects.json'));
  assert.deepEqual(
    posts.map((s) => s.authorization),
    ['Bearer t1', 'Bearer t2'],
  );
  assert.equal(posts[0]!.body, posts[1]!.body);
});

test('a 401 that persists is answered to the caller, not retried again', async () => {
  const t = scripted(() => json(401, { errors: [] }));
  const api = createStoreClient({ ...base, fetch: t.fetch });
  const { response } = await api.GET('/api/v2/products.json');
  assert.equal(response.status, 401);
  assert.equal(t.sent.filter((s) => s.url.includes('/products.json')).length, 2);
});

test('a refused token request rejects with the OAuth error', async () => {
  const fetch = async () => json(401, { error: 'invalid_client', error_description: 'Unknown client' });
  const api = createStoreClient({ ...base, fetch });
  await assert.rejects(api.GET('/api/v2/products.json'), (err: unknown) => {
    assert.ok(err instanceof TokenError);
    assert.equal(err.status, 401);
    assert.match(err.message, /invalid_client \(Unknown client\)/);
    return true;
  });
});

test('a fixed token is sent as is, and a caller-set Authorization is left alone', async () => {
  const t = scripted(() => json(200, page));
  const api = createStoreClient({ baseUrl: base.baseUrl, token: 'fixed', fetch: t.fetch });
  await api.GET('/api/v2/products.json');
  await api.GET('/api/v2/products.json', { headers: { authorization: 'Bearer mine' } });
  assert.deepEqual(
    t.sent.map((s) => s.authorization),
    ['Bearer fixed', 'Bearer mine'],
  );
  assert.equal(t.tokens(), 0);
});
