// Auth (§5, D-05..D-07): for EVERY secured operation of the document: no token
// and a bad token → 401, a client without the scope → 403, the readonly client reads but never writes. For the
// operations of §5's scope table: each scope family apart (one-scope clients), and webhooks with the default scope.
// Bases: that a call without a token or with an unknown one is refused is the source's (§5 "The
// token must be obtained before API data is accessed"; any 4xx); the 401 and its Bearer challenge are the
// platform's (D-05: how a token is presented is "not shown"; RFC 6750). The scopes of §5's table are the source's
// (a client without them is refused, any 4xx); the 403 is D-02's (RFC 6750 §3.1 says only SHOULD); every other
// scope is D-07's; the error envelope of those answers is the platform's (D-02).
import { expect, requirement } from '../../lib/requirement.ts';
import { scopeOf, scopesOf } from '../../lib/dialect.ts';
import { config, scopeRole, type ClientRole } from '../../lib/config.ts';
import { create, uid } from '../../lib/fixtures.ts';
import { appUrl } from '../../lib/inbox.ts';
import { itemsIn } from '../../lib/expectations.ts';
import type { Operation } from '../../lib/contract.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import { got, type Reading } from '../../lib/judging/reading.ts';
import {
  allowedGap,
  callAs,
  expectCallerRefused,
  family,
  forbiddenGap,
  holds,
  isRead,
  isRefused,
  needRoles,
  readonlyAllowed,
  readonlyOnly,
  realParams,
  refusedGap,
  secured,
  tableScopes,
  targetParams,
  tokenIn,
  TOKEN_FIRST,
  UNKNOWN_TOKEN,
} from './shared.ts';

// The judgements, one builder each (lib/judging/judge.ts): what a requirement below reads of an exchange, and when it
// breaks it. A call's token is read as the token endpoint answered it (`tokenIn`: its scopes; tokens are opaque).

/** A call of `o` without a token: judged on every one (in the suite, the one its act makes). */
const withoutToken = (o: Operation) => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} without a token`,
  on: (r: Reading) => r.o === o && !r.token,
});
const challengeOf = (r: Reading) => r.x.responseHeaders['www-authenticate'] ?? '';
/** §5: refused, any 4xx. */
const noTokenRefused = (o: Operation): Judge => ({
  ...withoutToken(o),
  gap: (r) => (isRefused(r) ? undefined : `a call without a token must be refused (4xx), ${got(r)}`),
});
/** RFC 9110 §15.5.2: a 401 "MUST send a WWW-Authenticate header field containing at least one challenge". */
const noTokenChallenge = (o: Operation): Judge => ({
  ...withoutToken(o),
  gap: (r) =>
    r.x.status !== 401 || /\S/.test(challengeOf(r)) ? undefined : 'a 401 without a WWW-Authenticate challenge',
});
/** D-05: 401 with a Bearer challenge. */
const noTokenStatus = (o: Operation): Judge => ({
  ...withoutToken(o),
  gap: (r) =>
    r.x.status !== 401
      ? `expected 401, ${got(r)}`
      : /^Bearer/i.test(challengeOf(r))
        ? undefined
        : `WWW-Authenticate ${JSON.stringify(challengeOf(r))}, expected a Bearer challenge`,
});
/** D-02: a caller refused (no token, or a token refused with 401 or 403) in the error envelope, status as the code. */
const callerEnvelope = (o: Operation): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} refused for its caller`,
  on: (r) => r.o === o && r.stage === 'caller' && r.x.status >= 400,
  gap: (r) =>
    r.body?.success === false && r.body?.status === r.x.status
      ? undefined
      : `a refusal of the caller must carry the error envelope with status ${r.x.status}, ${got(r)}`,
});
const DEFAULT_ONLY = 'a client holding only the default scope';
/** A call of `o` by a client holding only the default scope (no scope at all), which `o` does not allow. */
const defaultOnly = (o: Operation, gap: (r: Reading, what: string) => string | undefined): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} by ${DEFAULT_ONLY}`,
  on: (r) => {
    const t = tokenIn(r);
    return r.o === o && !!t && t.scopes.length === 0 && !holds(r, o, t.scopes);
  },
  gap: (r) => gap(r, DEFAULT_ONLY),
});
/** A call of `o` by a readonly client (every scope it holds `.readonly`) that `o`'s security does (or does not) allow. */
const readonlyCall = (o: Operation, allowed: boolean): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} by a readonly client`,
  on: (r) => {
    const t = tokenIn(r);
    return r.o === o && !!t && readonlyOnly(t) && holds(r, o, t.scopes) === allowed;
  },
  gap: (r) => (allowed ? allowedGap : forbiddenGap)(r, 'a readonly client'),
});
/** The one scope a call's client holds, when it holds exactly one. */
const oneScope = (o: Operation, r: Reading) => {
  const t = tokenIn(r);
  return r.o === o && !!t && t.scopes.length === 1 ? t.scopes[0] : undefined;
};
/** Whether a call's one scope is of a family `o`'s security does not name. */
const otherFamily = (o: Operation, families: Set<string>, r: Reading) => {
  const scope = oneScope(o, r);
  return !!scope && !holds(r, o, [scope]) && !families.has(family(scope));
};
/** §5's table: allowed with exactly one of its scopes, refused (any 4xx) to a client holding only another family's. */
const scopeFamily = (o: Operation, families: Set<string>): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} by a client holding exactly one scope`,
  on: (r) => {
    const scope = oneScope(o, r);
    return !!scope && (holds(r, o, [scope]) || otherFamily(o, families, r));
  },
  gap: (r) => {
    const scope = oneScope(o, r)!;
    return (holds(r, o, [scope]) ? allowedGap : refusedGap)(r, `a client holding only ${scope}`);
  },
});
/** D-02: another family's scope refused with 403 (RFC 6750 §3.1's insufficient_scope SHOULD). */
const scopeFamilyStatus = (o: Operation, families: Set<string>): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} by a client holding only another family's scope`,
  on: (r) => otherFamily(o, families, r),
  gap: (r) => forbiddenGap(r, `a client holding only ${oneScope(o, r)}`),
});

for (const o of secured) {
  const scoped = o.security!.some((alt) => alt.length > 0);
  const named = tableScopes(o);
  // Each alternative of one scope is a client holding exactly that scope; every scope of another family, a
  // client the operation must refuse (§5's table only).
  // The scopes by the target's names where its dialect states them (D-07; §5's table is the source's, never renamed).
  const security = o.security!.map((alt) => alt.map((s) => scopeOf(config.dialect.dialect, s, o.operationId)));
  const allowed = security.filter((alt) => alt.length === 1).map((alt) => alt[0]!);
  const families = new Set(security.flat().map(family));
  const refused = scopesOf(config.dialect.dialect).filter((s) => !families.has(family(s)));
  const call = `${o.method} ${o.path}`;
  // §5: "The token must be obtained before API data is accessed": a call without a token, or with one the target
  // never issued, is refused, whatever the status (any 4xx). How the token is presented (Authorization: Bearer) and
  // the 401 with its Bearer challenge (RFC 6750) are the platform's (D-05): the `.status` twins, gating only under
  // the contract profile.
  requirement(`${o.operationId}.auth.no-token`, '§5', { quote: TOKEN_FIRST, judge: noTokenRefused(o) })
    .test(`${call} without a token is refused (4xx)`, async ({ api }) => {
      await callAs(api, o, 'none', await targetParams(api, o));
    })
    .twin('challenge', '§5', {
      standard: 'RFC 9110 §15.5.2 (a 401 carries a WWW-Authenticate challenge)',
      judge: noTokenChallenge(o),
    })
    .test(`${call} without a token, if answered 401, carries a WWW-Authenticate challenge`, async ({ api }) => {
      await callAs(api, o, 'none', await targetParams(api, o));
    })
    .twin('status', '§5 D-05', { platform: true, judge: noTokenStatus(o) })
    .test(`${call} without a token answers 401 with a Bearer challenge`, async ({ api }) => {
      await callAs(api, o, 'none');
    });
  // The act alone knows the token it sends was never issued: traffic cannot tell an unknown token from a known one.
  requirement(`${o.operationId}.auth.bad-token`, '§5', { quote: TOKEN_FIRST })
    .test(`${call} with an unknown token is refused (4xx)`, async ({ api }) => {
      const res = await callAs(api, o, UNKNOWN_TOKEN, await targetParams(api, o));
      expectCallerRefused(res, 'a call with an unknown token');
    })
    .twin('status', '§5 D-05', { platform: true })
    .test(`${call} with an unknown token answers 401`, async ({ api }) => {
      const res = await callAs(api, o, UNKNOWN_TOKEN);
      expect(res.status, res.text.slice(0, 200)).toBe(401);
    });
  // The bodies of those refusals: the platform's error envelope (D-02), whatever their status.
  requirement(`${o.operationId}.auth.envelope`, 'D-02 D-05 D-07', { platform: true, judge: callerEnvelope(o) }).test(
    `${call} refuses a caller (no token, unknown token${scoped ? ', missing scope' : ''}) in the error envelope, status equal to the HTTP code`,
    async ({ api }) => {
      await callAs(api, o, 'none');
      await callAs(api, o, UNKNOWN_TOKEN);
      if (scoped) await callAs(api, o, 'default');
      if (scoped && !isRead(o)) await callAs(api, o, 'readonly');
      if (named && refused.every((s) => config.clients[scopeRole(s)])) {
        const params = await realParams(api, o);
        for (const scope of refused) await api.untyped(o.operationId, { as: scopeRole(scope), params });
      }
    },
  );
  if (!scoped) continue;
  // §5's table names the scope: a client without it is refused (source, any 4xx). The 403 is D-02's: RFC 6750 §3.1
  // says a resource server SHOULD answer insufficient_scope with 403, so a 401 is no breach of it. Elsewhere the scope
  // itself is D-07's.
  const forbidden = named
    ? requirement(`${o.operationId}.auth.missing-scope`, '§5', { quote: named, judge: defaultOnly(o, refusedGap) })
        .test(`${call} is refused (4xx) to a client without its scope`, async ({ api }) => {
          await callAs(api, o, 'default', await realParams(api, o));
        })
        .twin('status', '§5 D-07 D-02', { judge: defaultOnly(o, forbiddenGap) })
    : requirement(`${o.operationId}.auth.missing-scope`, '§5 D-07 D-02', { judge: defaultOnly(o, forbiddenGap) });
  forbidden.test(`${call} answers 403 to a client without its scope`, async ({ api }) => {
    await callAs(api, o, 'default');
  });
  if (isRead(o) && readonlyAllowed(o))
    requirement(`${o.operationId}.auth.readonly-reads`, '§5 D-07', { quote: named, judge: readonlyCall(o, true) }).test(
      `${call} is allowed with the .readonly scope`,
      async ({ api }) => {
        await callAs(api, o, 'readonly');
      },
    );
  else if (!isRead(o))
    requirement(`${o.operationId}.auth.readonly-cannot-write`, '§5 D-07', { judge: readonlyCall(o, false) }).test(
      `${call} answers 403 to a readonly client`,
      async ({ api }) => {
        await callAs(api, o, 'readonly');
      },
    );
  if (!named) continue;
  requirement(`${o.operationId}.scope-family`, '§5 D-07', { quote: named, judge: scopeFamily(o, families) })
    .test(
      `${call} is allowed with exactly ${allowed.join(' or exactly ')}, and refused to a client holding only another family's scope`,
      async ({ api }) => {
        // The other families are judged with the one-scope clients the target has: a target may lack a family
        // (no shipping services at all), and §5 says nothing of its scopes.
        needRoles(allowed.map(scopeRole));
        const others = refused.filter((scope) => config.clients[scopeRole(scope)]);
        needRoles(others.length ? [] : refused.map(scopeRole));
        const params = await realParams(api, o);
        for (const scope of [...allowed, ...others]) await api.untyped(o.operationId, { as: scopeRole(scope), params });
      },
    )
    // RFC 6750 §3.1: insufficient_scope SHOULD be a 403; the 403 as a MUST is D-02's.
    .twin('status', '§5 D-07 D-02', { judge: scopeFamilyStatus(o, families) })
    .test(
      `${call} answers 403 (insufficient_scope) to a client holding only another family's scope`,
      async ({ api }) => {
        needRoles(refused.map(scopeRole));
        const params = await realParams(api, o);
        for (const scope of refused) await api.untyped(o.operationId, { as: scopeRole(scope), params });
      },
    );
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
