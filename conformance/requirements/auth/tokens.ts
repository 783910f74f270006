// The token endpoint (§4.1, §5, RFC 6749): a token from form or HTTP Basic client credentials, the refusals RFC 6749
// §5.2 names, a token's lifetime, and requests the endpoint cannot read. RFC 6749 is followed where the source says
// nothing of status codes and error bodies; the second path and what the endpoint does with a body RFC 6749 does not
// make malformed are ours (D-05, D-67).
import { expect, requirement, skip, together } from '../../lib/requirement.ts';
import { config } from '../../lib/config.ts';
import { isObject } from '../../lib/dialect.ts';
import type { Api } from '../../lib/api.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import { depthOf, isUtf8, mediaType } from '../../lib/judging/exchange.ts';
import { BODY_LIMIT, got, MAX_DEPTH, ok2xx, type Reading } from '../../lib/judging/reading.ts';
import { EXPIRY_SLACK_MS, isRefused, tokenIn } from './shared.ts';

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

// What each requirement judges of an exchange (lib/judging/judge.ts): the suite over the exchanges its act made, the
// proxy over live traffic. Only a token request's own act knows its credentials are valid: `every` makes a refusal of
// one fail there, where the proxy reads only the answers that issued a token.

/** The ways the endpoint cannot read a token request, each its own requirement (D-67). */
type UnreadableToken = 'media-type' | 'not-utf8' | 'not-json' | 'no-media-type' | 'too-deep' | 'too-large';
/** A token request as the endpoint reads it: unreadable, and how; or its parameters, and how the client authenticated. */
type TokenRequest =
  | { unreadable: UnreadableToken }
  | { fields: Record<string, unknown>; basic: boolean; form: boolean; unreadable?: undefined };
/**
 * How a token request reads (RFC 6749 §4.4.2, §2.3.1; D-06, D-48, D-64, D-66, D-67), in the order a server finds out:
 * too large, without a media type, text/plain, bytes that are not UTF-8, JSON too deep or malformed; else its
 * parameters (a form, or D-06's JSON), and whether the client sent HTTP Basic credentials.
 */
function tokenRequestOf(r: Reading): TokenRequest {
  const { x } = r;
  const type = mediaType(x.requestHeaders['content-type']);
  if (x.requestLength > BODY_LIMIT) return { unreadable: 'too-large' };
  if (x.requestLength > 0 && !x.requestHeaders['content-type']) return { unreadable: 'no-media-type' };
  if (type === 'text/plain') return { unreadable: 'media-type' };
  if (!isUtf8(x.requestBody)) return { unreadable: 'not-utf8' };
  const text = x.requestBody.toString('utf8');
  const basic = /^basic\s/i.test(x.requestHeaders.authorization ?? '');
  if (type !== 'application/json')
    return {
      fields: Object.fromEntries(new URLSearchParams(text)),
      basic,
      form: type === 'application/x-www-form-urlencoded',
    };
  if (depthOf(text) > MAX_DEPTH) return { unreadable: 'too-deep' };
  try {
    const parsed: unknown = JSON.parse(text);
    return { fields: isObject(parsed) ? parsed : {}, basic, form: false };
  } catch {
    return { unreadable: 'not-json' };
  }
}
/** A request to `operationId` the endpoint can read: its parameters, else undefined. */
const readable = (r: Reading, operationId: string) => {
  if (r.o?.operationId !== operationId) return undefined;
  const t = tokenRequestOf(r);
  return t.unreadable === undefined ? t : undefined;
};
/** RFC 6749 §4.4.2's grant, client_credentials, or none named: any other is refused as unsupported (§5.2). */
const grantTaken = (t: { fields: Record<string, unknown> }) =>
  t.fields.grant_type === undefined || t.fields.grant_type === 'client_credentials';
/** Client authentication: HTTP Basic, or both client_id and client_secret in the body (RFC 6749 §2.3.1). */
const authenticated = (t: { fields: Record<string, unknown>; basic: boolean }) =>
  t.basic || (!!t.fields.client_id && !!t.fields.client_secret);
/**
 * A client-credentials request of `operationId` the endpoint answered with a token (2xx): with form credentials only,
 * with HTTP Basic ones, or either.
 */
const issued = (operationId: string, how?: 'form' | 'basic') => (r: Reading) => {
  const t = readable(r, operationId);
  if (!t || !grantTaken(t) || !authenticated(t) || !ok2xx(r.x.status)) return false;
  return how === undefined || (how === 'basic' ? t.basic : t.form && !t.basic);
};
/** §2.9's token response: a Bearer token for 3600 s, a scope (a string or null), no refresh token. */
function tokenResponseGap(r: Reading): string | undefined {
  const b = r.body;
  if (!isObject(b)) return `expected the token response, a JSON object (§2.9), ${got(r)}`;
  if (b.token_type !== 'Bearer') return `token_type ${JSON.stringify(b.token_type)}, expected Bearer`;
  if (b.expires_in !== 3600) return `expires_in ${JSON.stringify(b.expires_in)}, expected 3600`;
  if ('refresh_token' in b) return 'a refresh_token was issued (§2.9: none is)';
  if (typeof b.access_token !== 'string') return `no access_token string in ${got(r)}`;
  // §2.9: "scope | string or null"; which scopes it names is D-07's (createToken.scope).
  if (!('scope' in b) || !(b.scope === null || typeof b.scope === 'string'))
    return `scope ${JSON.stringify(b.scope)}, expected a string or null`;
  return undefined;
}
const status200 = (r: Reading, what: string) => (r.x.status === 200 ? undefined : `${what} with 200, ${got(r)}`);
/** A form request with client credentials answered with a token: §2.9's response (`alias`: D-05's path, with 200). */
const formJudge = (operationId: string, alias = false): Judge => ({
  operation: operationId,
  reads: `a request to ${operationId} with form client credentials answered with a token (2xx)`,
  on: issued(operationId, 'form'),
  gap: (r) => (alias ? status200(r, 'the token is issued') : undefined) ?? tokenResponseGap(r),
  every: true,
});
/** A call of listWebhooks (the default scope only, §5) with no query, by a token issued for HTTP Basic credentials. */
const basicUse = (r: Reading) =>
  r.o?.operationId === 'listWebhooks' && r.query.length === 0 && tokenIn(r)?.basic === true;
const basicJudge: Judge = {
  reads: 'a token request with HTTP Basic client credentials answered 2xx, or a call of listWebhooks with its token',
  on: (r) => issued('createToken', 'basic')(r) || basicUse(r),
  gap: (r) =>
    r.o?.operationId === 'createToken'
      ? typeof r.body?.access_token === 'string'
        ? undefined
        : `no access_token string in ${got(r)}`
      : r.x.status === 200
        ? undefined
        : `a token issued for HTTP Basic credentials lists webhooks (200), ${got(r)}`,
};
/** A readable token request with `grant_type` other than client_credentials (RFC 6749 §5.2 unsupported_grant_type). */
const otherGrant = (r: Reading) => {
  const t = readable(r, 'createToken');
  return !!t && !grantTaken(t);
};
/** A readable client-credentials request without client authentication (RFC 6749 §5.2's example of invalid_client). */
const unauthenticatedRequest = (r: Reading) => {
  const t = readable(r, 'createToken');
  return !!t && grantTaken(t) && !authenticated(t);
};
const noCredentialsJudge = (gap: Judge['gap']): Judge => ({
  operation: 'createToken',
  reads: 'a token request without client authentication',
  on: unauthenticatedRequest,
  gap,
  contract: false,
});
/** RFC 6749 §5.2: invalid_client, 400 or 401. */
const noCredentials = noCredentialsJudge((r) =>
  [400, 401].includes(r.x.status) && r.body?.error === 'invalid_client'
    ? undefined
    : `expected 400 or 401 invalid_client, ${got(r)}`,
);
/** D-06: 401 with the Basic challenge. */
const noCredentialsStatus = noCredentialsJudge((r) =>
  r.x.status === 401 && /^Basic\b/i.test(r.x.responseHeaders['www-authenticate'] ?? '')
    ? undefined
    : `expected 401 with a Basic challenge, ${got(r)}`,
);
const grantTypeJudge: Judge = {
  operation: 'createToken',
  reads: 'a token request with a grant_type other than client_credentials',
  on: otherGrant,
  gap: (r) =>
    r.x.status === 400 && r.body?.error === 'unsupported_grant_type'
      ? undefined
      : `expected 400 unsupported_grant_type, ${got(r)}`,
  contract: false,
};
const statusJudge: Judge = {
  operation: 'createToken',
  reads: 'a request to createToken with client credentials (form or HTTP Basic) answered with a token (2xx)',
  on: issued('createToken'),
  gap: (r) => status200(r, 'a token is issued'),
  every: true,
};
/** Against the tokens the endpoint issued before (in the suite, also those of the run's clients and of earlier acts). */
const tokensDifferJudge: Judge = {
  ...statusJudge,
  gap: (r) =>
    typeof r.body?.access_token !== 'string'
      ? `no access_token string in ${got(r)}`
      : r.memory.tokens.has(r.body.access_token)
        ? 'the token endpoint issued a token it had issued before'
        : undefined,
  contract: false,
};
/** A call of listWebhooks with a live token the exchanges before it showed issued, its scheme not written `Bearer`. */
const lowercaseJudge: Judge = {
  operation: 'listWebhooks',
  reads: 'a call of listWebhooks with a live token under a scheme written other than `Bearer`',
  on: (r) => !!r.token && r.token.scheme !== 'Bearer' && tokenIn(r) !== undefined,
  gap: (r) => (r.x.status === 200 ? undefined : `the scheme written ${r.token!.scheme}, ${got(r)}`),
  contract: false,
};
/** D-67: a token request the endpoint cannot read, the way `slug` names, is a 400 invalid_request (RFC 6749's shape). */
const unreadableJudge = (operationId: string, slug: UnreadableToken, what: string): Judge => ({
  operation: operationId,
  reads: `a request to ${operationId} with ${what}`,
  on: (r) => r.o?.operationId === operationId && tokenRequestOf(r).unreadable === slug,
  gap: (r) =>
    r.x.status === 400 && r.body?.error === 'invalid_request' ? undefined : `expected 400 invalid_request, ${got(r)}`,
});
/** How long ago the endpoint issued the token a call carries (when the exchanges before it showed it). */
const ageOf = (r: Reading) => r.x.started - (r.memory.tokens.get(r.token?.value ?? '')?.issuedAt ?? r.x.started);
/** A call of a secured operation with a token the exchanges before it showed issued, past its expires_in. */
const pastExpiry = (r: Reading) => {
  const t = r.token ? r.memory.tokens.get(r.token.value) : undefined;
  return !!r.o?.security && t?.expiresIn !== undefined && ageOf(r) > t.expiresIn * 1000 + EXPIRY_SLACK_MS;
};
const expiredWhat = (r: Reading) =>
  `a token ${Math.round(ageOf(r) / 1000)} s old (expires_in ${r.memory.tokens.get(r.token!.value)!.expiresIn})`;
const expiryJudge = (gap: Judge['gap']): Judge => ({
  reads: 'a call of a secured operation with a token past its expires_in',
  on: pastExpiry,
  gap,
});
/** RFC 6749 §5.1: refused, any 4xx. */
const expired = expiryJudge((r) => (isRefused(r) ? undefined : `${expiredWhat(r)} must be refused (4xx), ${got(r)}`));
/** D-05: 401 with a Bearer challenge. */
const expiredStatus = expiryJudge((r) =>
  r.x.status === 401 && /^Bearer/i.test(r.x.responseHeaders['www-authenticate'] ?? '')
    ? undefined
    : `expected 401 with a Bearer challenge to ${expiredWhat(r)}, ${got(r)}`,
);

const FORM_QUOTE =
  'the response carries `access_token` (placeholder <ACCESS_TOKEN>), `expires_in` = 3600 (a lifespan of 1 hour), `token_type` = `Bearer` and `scope` (null in the example). No refresh token is delivered.';
requirement('createToken.form', '§4.1 §2.9 §5', { quote: FORM_QUOTE, judge: formJudge('createToken') }).test(
  'issues a Bearer token for 3600 s from form credentials, with a scope (a string or null), without refresh_token',
  async ({ api }) => {
    await api.call('createToken', { as: 'none', body: credentials, form: true });
  },
);
// RFC 6749 §5.1: a token is issued with 200 (the source names no status code).
requirement('createToken.status', '§4.1 D-06', { standard: 'RFC 6749 §5.1', judge: statusJudge }).test(
  'issues a token from form or HTTP Basic credentials with 200',
  async ({ api }) => {
    await api.call('createToken', { as: 'none', body: credentials, form: true });
    await api.call('createToken', {
      as: 'none',
      body: { grant_type: 'client_credentials' },
      form: true,
      headers: basic(full.clientId, full.clientSecret),
    });
  },
);
const BASIC_QUOTE = 'Credentials may instead go in HTTP Basic authentication.';
requirement('createToken.basic', '§4.1 §5', { quote: BASIC_QUOTE, judge: basicJudge }).test(
  'issues a token for HTTP Basic client credentials',
  async ({ api }) => {
    const res = await api.call('createToken', {
      as: 'none',
      body: { grant_type: 'client_credentials' },
      form: true,
      headers: basic(full.clientId, full.clientSecret),
    });
    if (typeof res.body?.access_token === 'string')
      await api.call('listWebhooks', {
        as: { token: res.body.access_token, label: 'the token this requirement obtained' },
      });
  },
);
requirement('createTokenAlias.form', 'D-05', { platform: true, judge: formJudge('createTokenAlias', true) }).test(
  'answers the same at /admin/oauth/token',
  async ({ api }) => {
    await api.call('createTokenAlias', { as: 'none', body: credentials, form: true });
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
requirement('createToken.no-credentials', '§5 D-06', { standard: 'RFC 6749 §5.2', judge: noCredentials })
  .test('refuses a token request without client authentication with invalid_client (400 or 401)', async ({ api }) => {
    for (const [, body] of unauthenticated) await post(api, body);
  })
  .twin('status', 'D-06', { judge: noCredentialsStatus })
  .test(
    'a token request without client authentication answers 401 with the Basic challenge (RFC 6749 allows 400)',
    async ({ api }) => {
      for (const [, body] of unauthenticated) await post(api, body);
    },
  );
requirement('createToken.grant-type', '§4.1 D-06', { standard: 'RFC 6749 §5.2', judge: grantTypeJudge }).test(
  'refuses another grant type with unsupported_grant_type',
  async ({ api }) => {
    await post(api, form({ grant_type: 'password' }));
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
requirement('createToken.tokens-differ', '§5 D-06', { judge: tokensDifferJudge }).test(
  'issues a different opaque token on every request',
  async ({ api }) => {
    await post(api, form());
    await post(api, form());
  },
);
/**
 * A token of the shortLived client, seen to work while fresh, once its expires_in has passed: waited for once per
 * worker and shared by the two expiry requirements (declared together, so they run in one test, in order). The token
 * request is an exchange of the first act, so the judgements of both know when the token was issued and for how long.
 */
let expiring: Promise<string> | undefined;
function expiredToken(api: Api): Promise<string> {
  expiring ??= (async () => {
    const c = config.clients.shortLived!;
    const res = await post(api, form({ client_id: c.clientId, client_secret: c.clientSecret }));
    // What the act needs to wait on (its own client's token, which only it knows to be valid): a token, a short
    // lifetime, and the token working while fresh, so that a refusal past its lifetime is the expiry's.
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
    // Past the lifetime by more than the judgement's slack either side of it.
    await new Promise((r) => setTimeout(r, lifetime * 1000 + EXPIRY_SLACK_MS + 1000));
    return token;
  })();
  return expiring;
}
const expiredCall = async (api: Api) =>
  api.call('listWebhooks', {
    as: { token: await expiredToken(api), label: 'an expired token of the shortLived client' },
  });
const NO_SHORT_LIVED = 'CONFORMANCE_CLIENTS names no shortLived client whose tokens expire within seconds';
together(() => {
  // RFC 6749 §5.1: expires_in is "the lifetime in seconds of the access token"; past it, the token no longer gives
  // access (any 4xx). The 401 with a Bearer challenge is D-05's (RFC 6750 §3.1 says SHOULD).
  requirement('createToken.expiry', '§5 §8', { standard: 'RFC 6749 §5.1 (expires_in)', judge: expired })
    .test(
      'a token is refused (4xx) once its expires_in has passed (checked with a short-lived client)',
      async ({ api }) => {
        skip(!config.clients.shortLived, NO_SHORT_LIVED);
        await expiredCall(api);
      },
    )
    .twin('status', '§5 D-05', { platform: true, judge: expiredStatus })
    .test(
      'an expired token answers 401 with a Bearer challenge (checked with a short-lived client)',
      async ({ api }) => {
        skip(!config.clients.shortLived, NO_SHORT_LIVED);
        await expiredCall(api);
      },
    );
});
const CASE_INSENSITIVE = 'RFC 9110 §11.1 (auth schemes are case-insensitive), RFC 6750 §2.1';
requirement('createToken.lowercase-bearer', 'D-05', { standard: CASE_INSENSITIVE, judge: lowercaseJudge }).test(
  'accepts the bearer scheme name in any case: RFC 9110 §11.1 makes the scheme a case-insensitive token',
  async ({ api }) => {
    await api.send('GET', api.url('listWebhooks'), {
      as: 'none',
      headers: { authorization: `bearer ${(await post(api, form())).body?.access_token}` },
    });
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
  slug: UnreadableToken;
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
    const judge = unreadableJudge(operationId, u.slug, u.what);
    requirement(`${operationId}.unreadable.${u.slug}`, cites, { judge }).test(
      `answers 400 invalid_request to ${u.what}`,
      async ({ api }) => {
        await api.untyped(operationId, { as: 'none', headers: basic(full.clientId, full.clientSecret), raw: u.raw });
      },
    );
  }
