// Auth (§4.1, §5, D-05..D-07): the token endpoint, and for EVERY secured operation of the document: no token
// and a bad token → 401, a client without the scope → 403, the readonly client reads but never writes. For the
// operations of §5's scope table: each scope family apart (one-scope clients), and webhooks with the default scope.
// Bases: that a call without a token or with an unknown one is refused is the source's (§5 "The
// token must be obtained before API data is accessed"; any 4xx); the 401 and its Bearer challenge are the
// platform's (D-05: how a token is presented is "not shown"; RFC 6750). The scopes of §5's table are the source's
// (a client without them is refused, any 4xx); the 403 is D-02's (RFC 6750 §3.1 says only SHOULD); every other
// scope is D-07's; the error envelope of those answers is the platform's (D-02). The token endpoint follows RFC 6749
// where the source says nothing of its status codes and error bodies; its second path and what it does with a body
// RFC 6749 does not make malformed are ours (D-05, D-67).
import { expect, requirement, skip, together } from '../lib/requirement.ts';
import { operations, SCOPE_TABLE, type Operation } from '../lib/contract.ts';
import { scopeOf, scopesOf } from '../lib/dialect.ts';
import { config, scopeRole, type ClientRole } from '../lib/config.ts';
import { anyBody, create, makeItem, paramsFor, sharedInWorker, uid } from '../lib/fixtures.ts';
import { appUrl } from '../lib/inbox.ts';
import { NoAnswer, TargetGone } from '../lib/unanswered.ts';
import { expectAccepted, itemsIn } from '../lib/expectations.ts';
import type { Api, ApiResponse, CallOptions } from '../lib/api.ts';

const secured = operations.filter((o) => o.security);
const isRead = (o: Operation) => o.method === 'GET';
const readonlyAllowed = (o: Operation) =>
  o.security!.some((alt) => alt.length > 0 && alt.every((s) => s.endsWith('.readonly')));

async function callAs(
  api: Api,
  o: Operation,
  as: CallOptions['as'],
  params?: Record<string, number>,
): Promise<ApiResponse> {
  return api.untyped(o.operationId, {
    as,
    params: params ?? (await parentsOf(api, o, 1)),
    body: anyBody(api, o.operationId),
  });
}

/**
 * What this family shares within a worker (lib/fixtures.ts), each requirement with its own copy of the parameters.
 * The requirements of an operation call it as callers the target must refuse, or as one-scope clients; none of them
 * writes what is shared.
 */
const once = (key: string, make: () => Promise<Record<string, number>>) =>
  sharedInWorker(key, make).then((params) => ({ ...params }));
/**
 * The path parameters of an operation: its parents (a product, a specification) made once per operation and worker,
 * and its item `id` (by default one that names nothing). A parent is never the item an operation writes: a target that
 * wrongly takes one requirement's write changes an item of its own, not what the next requirement reads.
 */
async function parentsOf(api: Api, o: Operation, id?: number): Promise<Record<string, number>> {
  const params = await once(`parents ${o.operationId}`, () => paramsFor(api, o.operationId));
  for (const name of ['id', 'mediaId']) if (name in params) params[name] = id ?? 987654321;
  return params;
}
/** A read's path parameters are shared by its requirements, item included; a write's item is its requirement's own. */
const sharedIfRead = (
  api: Api,
  o: Operation,
  what: string,
  make: () => Promise<Record<string, number>>,
): Promise<Record<string, number>> => (isRead(o) ? once(`${what} ${o.operationId}`, make) : make());
/** §5, the sentence the token requirements of every operation rest on. */
const TOKEN_FIRST = 'The token must be obtained before API data is accessed.';
const UNKNOWN_TOKEN = { token: 'not-a-token-0123456789abcdef', label: 'an unknown token' } as const;
/** Refused for its caller: any 4xx (401 and its challenge are D-05's, RFC 6750's; the source names no status). */
function expectCallerRefused(res: ApiResponse, what: string) {
  expect(
    res.status >= 400 && res.status < 500,
    `${what} must be refused (a 4xx), got ${res.status}: ${res.text.slice(0, 200)}`,
  ).toBe(true);
}
/** Fields that keep an item made for a token requirement inert: no delivery or callback leaves for an example URL. */
const inertFields: Record<string, () => Record<string, unknown>> = {
  createWebhook: () => ({ url: `http://127.0.0.1:9/${uid('hooks')}`, isActive: false }),
  createShippingService: () => ({ ratesUrl: 'http://127.0.0.1:9/rates', labelsUrl: null, isActive: false }),
};
/**
 * The path parameters a token requirement calls with: for an item operation, a real item where the collection has a
 * create the suite can call on its own (not a shipment's), so that a target that skipped the token check would answer
 * 2xx rather than a 404 for an item that does not exist; else those of `callAs`.
 */
const targetParams = (api: Api, o: Operation) => sharedIfRead(api, o, 'target', () => targetItem(api, o));
async function targetItem(api: Api, o: Operation): Promise<Record<string, number>> {
  try {
    const item = /^(.*)\/\{(\w+)\}\.json$/.exec(o.path);
    const add = item && operations.find((x) => x.method === 'POST' && x.path === `${item[1]}.json`);
    if (!item || !add || add.operationId === 'createShipment') return await parentsOf(api, o, 1);
    const params = await parentsOf(api, o);
    const fields = inertFields[add.operationId]?.() ?? {};
    // Through the list's item maker where there is one: it makes what the create refers to (lib/lists.ts).
    const list = operations.find((x) => x.method === 'GET' && x.path === add.path);
    params[item[2]!] = (
      list ? await makeItem(api, list, params, fields) : await create(api, add.operationId, fields, { params })
    ).id;
    return params;
  } catch (err) {
    // The data only makes a refusal mean more: where the suite cannot make it (a create the target answers in a
    // form of its own), the call is still made without a valid token, at ids that name nothing. A target that
    // stopped answering stops the requirement.
    if (err instanceof NoAnswer || err instanceof TargetGone) throw err;
    return Object.fromEntries([...o.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 987654321]));
  }
}
/** D-02 (platform): a refusal of the caller carries the error envelope, `status` equal to the HTTP code. */
function expectEnvelope(res: ApiResponse, what: string) {
  expect(res.body, `${what}: ${res.status} ${res.text.slice(0, 200)}`).toMatchObject({
    success: false,
    status: res.status,
  });
}

/** The words of §5's table for an operation whose scopes it names (`products` or `products.readonly`), else undefined. */
function tableScopes(o: Operation): string | undefined {
  if (!SCOPE_TABLE.includes(o.operationId)) return undefined;
  const full = o.security!.flat().find((s) => !s.endsWith('.readonly'));
  return full ? `\`${full}\` or \`${full}.readonly\`` : undefined;
}
/** A scope's family: `products` for `products` and `products.readonly` (D-07). */
const family = (scope: string) => scope.replace(/\.readonly$/, '');
/** Skips the requirement unless the clients configuration provides every optional role it needs (one line, naming them). */
function needRoles(roles: ClientRole[]) {
  const missing = roles.filter((r) => !config.clients[r]);
  skip(
    missing.length > 0,
    `CONFORMANCE_CLIENTS provides no client for the role${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
  );
}
/** Path parameters naming real resources: fresh parents, and for an item operation a fresh item made through the
 *  create operation of its collection (so that an allowed get answers 200). */
const realParams = (api: Api, o: Operation) => sharedIfRead(api, o, 'real', () => realItem(api, o));
async function realItem(api: Api, o: Operation): Promise<Record<string, number>> {
  const params = await parentsOf(api, o);
  const item = /^(.*)\/\{(\w+)\}\.json$/.exec(o.path);
  const add = item && operations.find((x) => x.method === 'POST' && x.path === `${item[1]}.json`);
  if (item && add) params[item[2]!] = (await create(api, add.operationId, {}, { params })).id;
  return params;
}

for (const o of secured) {
  const scoped = o.security!.some((alt) => alt.length > 0);
  const named = tableScopes(o);
  // Each alternative of one scope is a client holding exactly that scope; every scope of another family, a
  // client the operation must refuse (§5's table only).
  // The scopes by the target's names where its dialect states them (D-07; §5's table is the source's, never renamed).
  const security = o.security!.map((alt) => alt.map((s) => scopeOf(config.dialect.dialect, s)));
  const allowed = security.filter((alt) => alt.length === 1).map((alt) => alt[0]!);
  const families = new Set(security.flat().map(family));
  const refused = scopesOf(config.dialect.dialect).filter((s) => !families.has(family(s)));
  // §5: "The token must be obtained before API data is accessed": a call without a token, or with one the target
  // never issued, is refused, whatever the status (any 4xx). How the token is presented (Authorization: Bearer) and
  // the 401 with its Bearer challenge (RFC 6750) are the platform's (D-05): the `.status` twins, gating only under
  // the contract profile.
  requirement(`${o.operationId}.auth.no-token`, '§5', { quote: TOKEN_FIRST })
    .test(`${o.method} ${o.path} without a token is refused (4xx)`, async ({ api }) => {
      expectCallerRefused(await callAs(api, o, 'none', await targetParams(api, o)), 'a call without a token');
    })
    .twin('challenge', '§5', { standard: 'RFC 9110 §15.5.2 (a 401 carries a WWW-Authenticate challenge)' })
    .test(
      `${o.method} ${o.path} without a token, if answered 401, carries a WWW-Authenticate challenge`,
      async ({ api }) => {
        // Any refusal will do (§5); a 401 "MUST send a WWW-Authenticate header field containing at least one challenge".
        const res = await callAs(api, o, 'none', await targetParams(api, o));
        if (res.status === 401)
          expect(res.headers['www-authenticate'] ?? '', 'the challenge of a 401 (RFC 9110 §15.5.2)').toMatch(/\S/);
      },
    )
    .twin('status', '§5 D-05', { platform: true })
    .test(`${o.method} ${o.path} without a token answers 401 with a Bearer challenge`, async ({ api }) => {
      const res = await callAs(api, o, 'none');
      expect(res.status, res.text.slice(0, 200)).toBe(401);
      expect(res.headers['www-authenticate'] ?? '').toMatch(/^Bearer/i);
    });
  requirement(`${o.operationId}.auth.bad-token`, '§5', { quote: TOKEN_FIRST })
    .test(`${o.method} ${o.path} with an unknown token is refused (4xx)`, async ({ api }) => {
      expectCallerRefused(
        await callAs(api, o, UNKNOWN_TOKEN, await targetParams(api, o)),
        'a call with an unknown token',
      );
    })
    .twin('status', '§5 D-05', { platform: true })
    .test(`${o.method} ${o.path} with an unknown token answers 401`, async ({ api }) => {
      const res = await callAs(api, o, UNKNOWN_TOKEN);
      expect(res.status, res.text.slice(0, 200)).toBe(401);
    });
  // The bodies of those refusals: the platform's error envelope (D-02), whatever their status.
  requirement(`${o.operationId}.auth.envelope`, 'D-02 D-05 D-07', { platform: true }).test(
    `${o.method} ${o.path} refuses a caller (no token, unknown token${scoped ? ', missing scope' : ''}) in the error envelope, status equal to the HTTP code`,
    async ({ api }) => {
      const answers: [string, ApiResponse][] = [
        ['no token', await callAs(api, o, 'none')],
        [
          'an unknown token',
          await callAs(api, o, { token: 'not-a-token-0123456789abcdef', label: 'an unknown token' }),
        ],
      ];
      if (scoped) answers.push(['a client without the scope', await callAs(api, o, 'default')]);
      if (scoped && !isRead(o)) answers.push(['a readonly client', await callAs(api, o, 'readonly')]);
      if (named && refused.every((s) => config.clients[scopeRole(s)])) {
        const params = await realParams(api, o);
        for (const scope of refused)
          answers.push([
            `a client holding only ${scope}`,
            await api.untyped(o.operationId, { as: scopeRole(scope), params }),
          ]);
      }
      const refusals = answers.filter(([, res]) => res.status >= 400);
      expect(refusals.length, 'the call without a token is refused').toBeGreaterThan(0);
      for (const [what, res] of refusals) expectEnvelope(res, what);
    },
  );
  if (scoped) {
    // §5's table names the scope: a client without it is refused (source, any 4xx). The 403 is D-02's: RFC 6750
    // §3.1 says a resource server SHOULD answer insufficient_scope with 403, so a 401 is no breach of it. Elsewhere
    // the scope itself is D-07's.
    const forbidden = named
      ? requirement(`${o.operationId}.auth.missing-scope`, '§5', { quote: named })
          .test(`${o.method} ${o.path} is refused (4xx) to a client without its scope`, async ({ api }) => {
            expectCallerRefused(
              await callAs(api, o, 'default', await realParams(api, o)),
              'a client holding only the default scope',
            );
          })
          .twin('status', '§5 D-07 D-02')
      : requirement(`${o.operationId}.auth.missing-scope`, '§5 D-07 D-02');
    forbidden.test(`${o.method} ${o.path} answers 403 to a client without its scope`, async ({ api }) => {
      const res = await callAs(api, o, 'default');
      expect(res.status, res.text.slice(0, 200)).toBe(403);
    });
    if (isRead(o) && readonlyAllowed(o)) {
      requirement(`${o.operationId}.auth.readonly-reads`, '§5 D-07', { quote: named }).test(
        `${o.method} ${o.path} is allowed with the .readonly scope`,
        async ({ api }) => {
          const res = await callAs(api, o, 'readonly');
          expect([401, 403]).not.toContain(res.status);
        },
      );
    } else if (!isRead(o)) {
      requirement(`${o.operationId}.auth.readonly-cannot-write`, '§5 D-07').test(
        `${o.method} ${o.path} answers 403 to a readonly client`,
        async ({ api }) => {
          const res = await callAs(api, o, 'readonly');
          expect(res.status, res.text.slice(0, 200)).toBe(403);
        },
      );
    }
    if (named) {
      requirement(`${o.operationId}.scope-family`, '§5 D-07', { quote: named })
        .test(
          `${o.method} ${o.path} is allowed with exactly ${allowed.join(' or exactly ')}, and refused to a client holding only another family's scope`,
          async ({ api }) => {
            // The other families are judged with the one-scope clients the target has: a target may lack a family
            // (no shipping services at all), and §5 says nothing of its scopes.
            needRoles(allowed.map(scopeRole));
            const others = refused.filter((scope) => config.clients[scopeRole(scope)]);
            needRoles(others.length ? [] : refused.map(scopeRole));
            const params = await realParams(api, o);
            for (const scope of allowed) {
              const res = await api.untyped(o.operationId, { as: scopeRole(scope), params });
              expect(res.status, `a client holding only ${scope}: ${res.text.slice(0, 200)}`).toBe(200);
            }
            for (const scope of others) {
              const res = await api.untyped(o.operationId, { as: scopeRole(scope), params });
              expect(
                res.status >= 400 && res.status < 500,
                `a client holding only ${scope} must be refused (4xx), got ${res.status}: ${res.text.slice(0, 200)}`,
              ).toBe(true);
            }
          },
        )
        // RFC 6750 §3.1: insufficient_scope SHOULD be a 403; the 403 as a MUST is D-02's.
        .twin('status', '§5 D-07 D-02')
        .test(
          `${o.method} ${o.path} answers 403 (insufficient_scope) to a client holding only another family's scope`,
          async ({ api }) => {
            needRoles(refused.map(scopeRole));
            const params = await realParams(api, o);
            for (const scope of refused) {
              const res = await api.untyped(o.operationId, { as: scopeRole(scope), params });
              expect(res.status, `a client holding only ${scope}: ${res.text.slice(0, 200)}`).toBe(403);
            }
          },
        );
    }
  }
}

// §5: "List webhooks — the default scope only; results are limited to webhooks of the calling App client".
requirement('listWebhooks.default-scope', '§5 §6 D-07 D-45', {
  quote: 'the default scope only; results are limited to webhooks of the calling App client',
}).test(
  "a client holding only the default scope lists webhooks (200), its own and no other client's",
  async ({ api }) => {
    const made: { id: number; as: ClientRole }[] = [];
    const hook = async (as: ClientRole) => {
      const h = await create(
        api,
        'createWebhook',
        { url: appUrl(uid('wh'), 'hooks'), events: ['products/created'], isActive: false },
        { as },
      );
      made.push({ id: h.id, as });
      return h;
    };
    const list = (ids: number[]) => api.call('listWebhooks', { as: 'default', query: { 'id:in': ids.join(',') } });
    try {
      const theirs = await hook('full');
      const before = await list([theirs.id]);
      expect(before.status, before.text.slice(0, 200)).toBe(200);
      expect(itemsIn(before, 'the list of the default client')).toEqual([]);
      const mine = await hook('default');
      const res = await list([mine.id, theirs.id]);
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      // By id: what an add answers is not the source's (§4.3 shows no add bodies), only that it is listed.
      expect(itemsIn(res, 'the list of the default client').map((w) => w.id)).toEqual([mine.id]);
      expect(res.body.pagination?.total, 'pagination.total').toBe(1);
    } finally {
      for (const h of made) await api.call('deleteWebhook', { as: h.as, params: { id: h.id } }).catch(() => undefined);
    }
  },
);

const full = config.clients.full;
const credentials = {
  grant_type: 'client_credentials',
  client_id: full.clientId,
  client_secret: full.clientSecret,
} as const;
const form = (over: Record<string, string> = {}) => new URLSearchParams({ ...credentials, ...over }).toString();
const post = (api: Api, body: string, headers: Record<string, string> = {}, path = '/admin/oauth/token.json') =>
  api.send('POST', `${config.authUrl}${path}`, {
    as: 'none',
    raw: { text: body, contentType: 'application/x-www-form-urlencoded' },
    headers,
  });
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

requirement('createToken.form', '§4.1 §2.9 §5', {
  quote:
    'the response carries `access_token` (placeholder <ACCESS_TOKEN>), `expires_in` = 3600 (a lifespan of 1 hour), `token_type` = `Bearer` and `scope` (null in the example). No refresh token is delivered.',
}).test(
  'issues a Bearer token for 3600 s from form credentials, with a scope (a string or null), without refresh_token',
  async ({ api }) => {
    const res = await api.call('createToken', {
      as: 'none',
      body: credentials,
      form: true,
    });
    expectAccepted(res, 'the token request');
    expect(res.body, `the token response (§2.9): ${res.text.slice(0, 200)}`).toEqual(expect.any(Object));
    expect(res.body?.token_type).toBe('Bearer');
    expect(res.body?.expires_in).toBe(3600);
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(typeof res.body?.access_token).toBe('string');
    // §2.9: "scope | string or null"; which scopes it names is D-07's (createToken.scope).
    expect(res.body, 'scope (§2.9)').toHaveProperty('scope');
    expect(
      res.body?.scope === null || typeof res.body?.scope === 'string',
      `scope ${JSON.stringify(res.body?.scope)}`,
    ).toBe(true);
  },
);
// RFC 6749 §5.1: a token is issued with 200 (the source names no status code).
requirement('createToken.status', '§4.1 D-06', { standard: 'RFC 6749 §5.1' }).test(
  'issues a token from form or HTTP Basic credentials with 200',
  async ({ api }) => {
    const res = await api.call('createToken', {
      as: 'none',
      body: credentials,
      form: true,
    });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    const basicRes = await api.call('createToken', {
      as: 'none',
      body: { grant_type: 'client_credentials' },
      form: true,
      headers: basic(full.clientId, full.clientSecret),
    });
    expect(basicRes.status, basicRes.text.slice(0, 200)).toBe(200);
  },
);
requirement('createToken.basic', '§4.1 §5', { quote: 'Credentials may instead go in HTTP Basic authentication.' }).test(
  'issues a token for HTTP Basic client credentials',
  async ({ api }) => {
    const res = await api.call('createToken', {
      as: 'none',
      body: { grant_type: 'client_credentials' },
      form: true,
      headers: basic(full.clientId, full.clientSecret),
    });
    expectAccepted(res, 'the token request with HTTP Basic credentials');
    expect(typeof res.body?.access_token, `access_token in ${res.text.slice(0, 200)}`).toBe('string');
    const use = await api.call('listWebhooks', {
      as: { token: res.body.access_token, label: 'the token this requirement obtained' },
    });
    expect(use.status).toBe(200);
  },
);
requirement('createTokenAlias.form', 'D-05', { platform: true }).test(
  'answers the same at /admin/oauth/token',
  async ({ api }) => {
    const res = await api.call('createTokenAlias', {
      as: 'none',
      body: credentials,
      form: true,
    });
    expect(res.status).toBe(200);
    expect(res.body?.expires_in).toBe(3600);
  },
);
// RFC 6749 §5.2: invalid_client, 400 by default or 401; 401 is a MUST when the client used the Authorization header.
requirement('createToken.wrong-secret', '§5 D-06', { standard: 'RFC 6749 §5.2' })
  .test('refuses a wrong secret with invalid_client', async ({ api }) => {
    const res = await post(api, form({ client_secret: 'wrong' }));
    expect([400, 401], res.text.slice(0, 200)).toContain(res.status);
    expect(res.body?.error).toBe('invalid_client');
  })
  .twin('status', 'D-06')
  .test('a wrong secret or an unknown client sent in the form answers 401 (RFC 6749 allows 400)', async ({ api }) => {
    for (const over of [{ client_secret: 'wrong' }, { client_id: 'no-such-client' }] as Record<string, string>[]) {
      const res = await post(api, form(over));
      expect(res.status, `${JSON.stringify(over)}: ${res.text.slice(0, 200)}`).toBe(401);
    }
  });
requirement('createToken.wrong-secret-basic', '§5 D-06', { standard: 'RFC 6749 §5.2' }).test(
  'refuses wrong Basic credentials with invalid_client',
  async ({ api }) => {
    const res = await post(api, 'grant_type=client_credentials', basic(full.clientId, 'wrong'));
    expect(res.status).toBe(401);
    expect(res.body?.error).toBe('invalid_client');
  },
);
requirement('createToken.unknown-client', '§5 D-06', { standard: 'RFC 6749 §5.2' }).test(
  'refuses an unknown client with invalid_client',
  async ({ api }) => {
    const res = await post(api, form({ client_id: 'no-such-client' }));
    expect([400, 401], res.text.slice(0, 200)).toContain(res.status);
    expect(res.body?.error).toBe('invalid_client');
  },
);
/**
 * Token requests that include no client authentication (RFC 6749 §5.2's own example of `invalid_client`): no
 * credentials at all, an id without its secret, a secret without its id. Each is otherwise a valid grant request.
 */
const unauthenticated: [string, string][] = [
  ['no credentials', 'grant_type=client_credentials'],
  [
    'a client_id without client_secret',
    new URLSearchParams({ grant_type: 'client_credentials', client_id: full.clientId }).toString(),
  ],
  [
    'a client_secret without client_id',
    new URLSearchParams({ grant_type: 'client_credentials', client_secret: full.clientSecret }).toString(),
  ],
];
requirement('createToken.no-credentials', '§5 D-06', { standard: 'RFC 6749 §5.2' })
  .test('refuses a token request without client authentication with invalid_client (400 or 401)', async ({ api }) => {
    for (const [what, body] of unauthenticated) {
      const res = await post(api, body);
      expect([400, 401], `${what}: ${res.text.slice(0, 200)}`).toContain(res.status);
      expect(res.body?.error, `${what}: ${res.text.slice(0, 200)}`).toBe('invalid_client');
    }
  })
  .twin('status', 'D-06')
  .test(
    'a token request without client authentication answers 401 with the Basic challenge (RFC 6749 allows 400)',
    async ({ api }) => {
      for (const [what, body] of unauthenticated) {
        const res = await post(api, body);
        expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(401);
        expect(res.headers['www-authenticate'] ?? '', what).toMatch(/^Basic\b/i);
      }
    },
  );
requirement('createToken.grant-type', '§4.1 D-06', { standard: 'RFC 6749 §5.2' }).test(
  'refuses another grant type with unsupported_grant_type',
  async ({ api }) => {
    const res = await post(api, form({ grant_type: 'password' }));
    expect(res.status).toBe(400);
    expect(res.body?.error).toBe('unsupported_grant_type');
  },
);
requirement('createToken.scope', '§2.9 D-07', { level: 'SHOULD' }).test(
  'reports the granted scopes, or null for the default scope only',
  async ({ api }) => {
    const res = await post(
      api,
      form({ client_id: config.clients.default.clientId, client_secret: config.clients.default.clientSecret }),
    );
    expect(res.body?.scope ?? null).toBeNull();
    const ro = await post(
      api,
      form({ client_id: config.clients.readonly.clientId, client_secret: config.clients.readonly.clientSecret }),
    );
    expect(String(ro.body?.scope).split(' ').sort()).toEqual([...config.clients.readonly.scopes].sort());
  },
);
requirement('createToken.tokens-differ', '§5 D-06').test(
  'issues a different opaque token on every request',
  async ({ api }) => {
    const a = await post(api, form());
    const b = await post(api, form());
    expect(typeof a.body?.access_token, `access_token in ${a.text.slice(0, 200)}`).toBe('string');
    expect(a.body.access_token).not.toBe(b.body?.access_token);
  },
);
/**
 * A token of the shortLived client, seen to work while fresh, once its expires_in has passed: waited for once per
 * worker and shared by the two expiry requirements (declared together, so they run in one test, in order).
 */
let expiring: Promise<string> | undefined;
function expiredToken(api: Api): Promise<string> {
  expiring ??= (async () => {
    const c = config.clients.shortLived!;
    const res = await post(api, form({ client_id: c.clientId, client_secret: c.clientSecret }));
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    const { access_token: token, expires_in: lifetime } = (res.body ?? {}) as {
      access_token: string;
      expires_in: number;
    };
    expect(typeof token, `access_token in ${res.text.slice(0, 200)}`).toBe('string');
    expect(lifetime, 'the shortLived client must be configured with a lifetime of at most 10 s').toBeLessThanOrEqual(
      10,
    );
    expect(
      (await api.call('listWebhooks', { as: { token, label: 'a fresh token of the shortLived client' } })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, (lifetime + 1) * 1000));
    return token;
  })();
  return expiring;
}
const expiredCall = async (api: Api) =>
  api.call('listWebhooks', {
    as: { token: await expiredToken(api), label: 'an expired token of the shortLived client' },
  });
together(() => {
  // RFC 6749 §5.1: expires_in is "the lifetime in seconds of the access token"; past it, the token no longer gives
  // access (any 4xx). The 401 with a Bearer challenge is D-05's (RFC 6750 §3.1 says SHOULD).
  requirement('createToken.expiry', '§5 §8', { standard: 'RFC 6749 §5.1 (expires_in)' })
    .test(
      'a token is refused (4xx) once its expires_in has passed (checked with a short-lived client)',
      async ({ api }) => {
        skip(
          !config.clients.shortLived,
          'CONFORMANCE_CLIENTS names no shortLived client whose tokens expire within seconds',
        );
        expectCallerRefused(await expiredCall(api), 'a call with an expired token');
      },
    )
    .twin('status', '§5 D-05', { platform: true })
    .test(
      'an expired token answers 401 with a Bearer challenge (checked with a short-lived client)',
      async ({ api }) => {
        skip(
          !config.clients.shortLived,
          'CONFORMANCE_CLIENTS names no shortLived client whose tokens expire within seconds',
        );
        const expired = await expiredCall(api);
        expect(expired.status, expired.text.slice(0, 200)).toBe(401);
        expect(expired.headers['www-authenticate'] ?? '').toMatch(/^Bearer/i);
      },
    );
});
requirement('createToken.lowercase-bearer', 'D-05', {
  standard: 'RFC 9110 §11.1 (auth schemes are case-insensitive), RFC 6750 §2.1',
}).test(
  'accepts the bearer scheme name in any case: RFC 9110 §11.1 makes the scheme a case-insensitive token',
  async ({ api }) => {
    const res = await api.send('GET', api.url('listWebhooks'), {
      as: 'none',
      headers: { authorization: `bearer ${(await post(api, form())).body?.access_token}` },
    });
    expect(res.status).toBe(200);
  },
);

/**
 * A token request the endpoint cannot read: 400 `invalid_request` in RFC 6749's shape ("otherwise malformed",
 * §5.2), never the API's envelope (D-67), at both of its paths. The client authenticates with HTTP Basic, so the
 * body is all that is wrong. Each is our decision, none RFC 6749's: a server may read a form labelled
 * text/plain as the form it is; bytes that are not UTF-8 sit in a parameter it must ignore (RFC 6749 §3.2); a JSON
 * body is not RFC 6749's at all (D-06 takes one), so a server that takes none may answer 415; a body without a media
 * type (RFC 9110 §8.3 lets a recipient sniff one), too deep or too large (a server may refuse those at its HTTP
 * layer) are ours too. The second path, /admin/oauth/token, is D-05's.
 */
const unreadableTokenRequests: {
  slug: string;
  what: string;
  cites: string;
  raw: { text: string | Uint8Array; contentType?: string };
}[] = [
  {
    slug: 'media-type',
    what: 'a form sent as text/plain',
    cites: 'D-67 D-06',
    raw: { text: 'grant_type=client_credentials', contentType: 'text/plain' },
  },
  {
    slug: 'not-utf8',
    what: 'a form whose bytes are not UTF-8',
    cites: 'D-67 D-66 D-06',
    raw: {
      text: Buffer.from('grant_type=client_credentials&state=caf\u00e9', 'latin1'),
      contentType: 'application/x-www-form-urlencoded',
    },
  },
  {
    slug: 'not-json',
    what: 'JSON that does not parse',
    cites: 'D-67 D-06',
    raw: { text: '{"grant_type": ', contentType: 'application/json' },
  },
  {
    slug: 'no-media-type',
    what: 'a form sent without Content-Type',
    cites: 'D-67 D-66',
    raw: { text: 'grant_type=client_credentials' },
  },
  {
    slug: 'too-deep',
    what: 'JSON nested deeper than 32 levels',
    cites: 'D-67 D-64',
    raw: { text: `{"grant_type": ${'['.repeat(40)}${']'.repeat(40)}}`, contentType: 'application/json' },
  },
  {
    slug: 'too-large',
    what: 'a body over 1 MiB',
    cites: 'D-67 D-48',
    raw: { text: `{"grant_type": "${'a'.repeat(1024 * 1024 + 10)}"}`, contentType: 'application/json' },
  },
];
for (const operationId of ['createToken', 'createTokenAlias'])
  for (const u of unreadableTokenRequests) {
    const cites = operationId === 'createTokenAlias' ? `${u.cites} D-05` : u.cites;
    requirement(`${operationId}.unreadable.${u.slug}`, cites).test(
      `answers 400 invalid_request to ${u.what}`,
      async ({ api }) => {
        const res = await api.untyped(operationId, {
          as: 'none',
          headers: basic(full.clientId, full.clientSecret),
          raw: u.raw,
        });
        expect(res.status, res.text.slice(0, 200)).toBe(400);
        expect(res.body?.error, res.text.slice(0, 200)).toBe('invalid_request');
      },
    );
  }
