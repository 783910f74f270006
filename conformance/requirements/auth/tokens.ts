// The token endpoint (§4.1, §5, RFC 6749): a token from form or HTTP Basic client credentials, the refusals RFC 6749
// §5.2 names, a token's lifetime, and requests the endpoint cannot read. RFC 6749 is followed where the source says
// nothing of status codes and error bodies; the second path and what the endpoint does with a body RFC 6749 does not
// make malformed are ours (D-05, D-67).
import { expect, requirement, skip, together } from '../../lib/requirement.ts';
import { config } from '../../lib/config.ts';
import { expectAccepted } from '../../lib/expectations.ts';
import type { Api } from '../../lib/api.ts';
import { expectCallerRefused } from './shared.ts';

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
