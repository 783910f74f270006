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
  // Judged on every call of the operation without a token (lib/judging/judge.ts): in the suite, the one its act makes.
  const noToken = { operation: o.operationId, reads: `a call of ${o.operationId} without a token` };
  const withoutToken = (r: Reading) => r.o === o && !r.token;
  const challengeOf = (r: Reading) => r.x.responseHeaders['www-authenticate'] ?? '';
  requirement(`${o.operationId}.auth.no-token`, '§5', {
    quote: TOKEN_FIRST,
    judge: {
      ...noToken,
      on: withoutToken,
      gap: (r) => (isRefused(r) ? undefined : `a call without a token must be refused (4xx), ${got(r)}`),
    },
  })
    .test(`${o.method} ${o.path} without a token is refused (4xx)`, async ({ api }) => {
      await callAs(api, o, 'none', await targetParams(api, o));
    })
    // Any refusal will do (§5); a 401 "MUST send a WWW-Authenticate header field containing at least one challenge".
    .twin('challenge', '§5', {
      standard: 'RFC 9110 §15.5.2 (a 401 carries a WWW-Authenticate challenge)',
      judge: {
        ...noToken,
        on: withoutToken,
        gap: (r) =>
          r.x.status !== 401 || /\S/.test(challengeOf(r)) ? undefined : 'a 401 without a WWW-Authenticate challenge',
      },
    })
    .test(
      `${o.method} ${o.path} without a token, if answered 401, carries a WWW-Authenticate challenge`,
      async ({ api }) => {
        await callAs(api, o, 'none', await targetParams(api, o));
      },
    )
    .twin('status', '§5 D-05', {
      platform: true,
      judge: {
        ...noToken,
        on: withoutToken,
        gap: (r) =>
          r.x.status !== 401
            ? `expected 401, ${got(r)}`
            : /^Bearer/i.test(challengeOf(r))
              ? undefined
              : `WWW-Authenticate ${JSON.stringify(challengeOf(r))}, expected a Bearer challenge`,
      },
    })
    .test(`${o.method} ${o.path} without a token answers 401 with a Bearer challenge`, async ({ api }) => {
      await callAs(api, o, 'none');
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
  requirement(`${o.operationId}.auth.envelope`, 'D-02 D-05 D-07', {
    platform: true,
    judge: {
      operation: o.operationId,
      reads: `a call of ${o.operationId} refused for its caller`,
      // A caller refused: no token, or a token refused with 401 or 403 (lib/judging/reading.ts `stage`).
      on: (r) => r.o === o && r.stage === 'caller' && r.x.status >= 400,
      gap: (r) =>
        r.body?.success === false && r.body?.status === r.x.status
          ? undefined
          : `a refusal of the caller must carry the error envelope with status ${r.x.status}, ${got(r)}`,
    },
  }).test(
    `${o.method} ${o.path} refuses a caller (no token, unknown token${scoped ? ', missing scope' : ''}) in the error envelope, status equal to the HTTP code`,
    async ({ api }) => {
      await callAs(api, o, 'none');
      await callAs(api, o, { token: 'not-a-token-0123456789abcdef', label: 'an unknown token' });
      if (scoped) await callAs(api, o, 'default');
      if (scoped && !isRead(o)) await callAs(api, o, 'readonly');
      if (named && refused.every((s) => config.clients[scopeRole(s)])) {
        const params = await realParams(api, o);
        for (const scope of refused) await api.untyped(o.operationId, { as: scopeRole(scope), params });
      }
    },
  );
  if (scoped) {
    // §5's table names the scope: a client without it is refused (source, any 4xx). The 403 is D-02's: RFC 6750
    // §3.1 says a resource server SHOULD answer insufficient_scope with 403, so a 401 is no breach of it. Elsewhere
    // the scope itself is D-07's. Judged on every call by a client holding only the default scope (no scope at all).
    const defaultOnly = {
      operation: o.operationId,
      reads: `a call of ${o.operationId} by a client holding only the default scope`,
      on: (r: Reading) => {
        const t = tokenIn(r);
        return r.o === o && !!t && t.scopes.length === 0 && !holds(r, o, t.scopes);
      },
    };
    const what = 'a client holding only the default scope';
    const forbidden = named
      ? requirement(`${o.operationId}.auth.missing-scope`, '§5', {
          quote: named,
          judge: { ...defaultOnly, gap: (r) => refusedGap(r, what) },
        })
          .test(`${o.method} ${o.path} is refused (4xx) to a client without its scope`, async ({ api }) => {
            await callAs(api, o, 'default', await realParams(api, o));
          })
          .twin('status', '§5 D-07 D-02', { judge: { ...defaultOnly, gap: (r) => forbiddenGap(r, what) } })
      : requirement(`${o.operationId}.auth.missing-scope`, '§5 D-07 D-02', {
          judge: { ...defaultOnly, gap: (r) => forbiddenGap(r, what) },
        });
    forbidden.test(`${o.method} ${o.path} answers 403 to a client without its scope`, async ({ api }) => {
      await callAs(api, o, 'default');
    });
    // A readonly client: every scope it holds `.readonly`.
    const byReadonly = (r: Reading) => {
      const t = tokenIn(r);
      return r.o === o && !!t && readonlyOnly(t);
    };
    if (isRead(o) && readonlyAllowed(o)) {
      requirement(`${o.operationId}.auth.readonly-reads`, '§5 D-07', {
        quote: named,
        judge: {
          operation: o.operationId,
          reads: `a call of ${o.operationId} by a readonly client`,
          on: (r) => byReadonly(r) && holds(r, o, tokenIn(r)!.scopes),
          gap: (r) => allowedGap(r, 'a readonly client'),
        },
      }).test(`${o.method} ${o.path} is allowed with the .readonly scope`, async ({ api }) => {
        await callAs(api, o, 'readonly');
      });
    } else if (!isRead(o)) {
      requirement(`${o.operationId}.auth.readonly-cannot-write`, '§5 D-07', {
        judge: {
          operation: o.operationId,
          reads: `a call of ${o.operationId} by a readonly client`,
          on: (r) => byReadonly(r) && !holds(r, o, tokenIn(r)!.scopes),
          gap: (r) => forbiddenGap(r, 'a readonly client'),
        },
      }).test(`${o.method} ${o.path} answers 403 to a readonly client`, async ({ api }) => {
        await callAs(api, o, 'readonly');
      });
    }
    if (named) {
      // A client holding exactly one scope: allowed when it is one of the operation's, refused when of another family.
      const oneScope = (r: Reading) => {
        const t = tokenIn(r);
        return r.o === o && !!t && t.scopes.length === 1 ? t.scopes[0] : undefined;
      };
      const otherFamily = (r: Reading) => {
        const scope = oneScope(r);
        return !!scope && !holds(r, o, [scope]) && !families.has(family(scope));
      };
      const reads = `a call of ${o.operationId} by a client holding exactly one scope`;
      requirement(`${o.operationId}.scope-family`, '§5 D-07', {
        quote: named,
        judge: {
          operation: o.operationId,
          reads,
          on: (r) => !!oneScope(r) && (holds(r, o, [oneScope(r)!]) || otherFamily(r)),
          gap: (r) =>
            holds(r, o, [oneScope(r)!])
              ? allowedGap(r, `a client holding only ${oneScope(r)}`)
              : refusedGap(r, `a client holding only ${oneScope(r)}`),
        },
      })
        .test(
          `${o.method} ${o.path} is allowed with exactly ${allowed.join(' or exactly ')}, and refused to a client holding only another family's scope`,
          async ({ api }) => {
            // The other families are judged with the one-scope clients the target has: a target may lack a family
            // (no shipping services at all), and §5 says nothing of its scopes.
            needRoles(allowed.map(scopeRole));
            const others = refused.filter((scope) => config.clients[scopeRole(scope)]);
            needRoles(others.length ? [] : refused.map(scopeRole));
            const params = await realParams(api, o);
            for (const scope of [...allowed, ...others])
              await api.untyped(o.operationId, { as: scopeRole(scope), params });
          },
        )
        // RFC 6750 §3.1: insufficient_scope SHOULD be a 403; the 403 as a MUST is D-02's.
        .twin('status', '§5 D-07 D-02', {
          judge: {
            operation: o.operationId,
            reads: `a call of ${o.operationId} by a client holding only another family's scope`,
            on: otherFamily,
            gap: (r) => forbiddenGap(r, `a client holding only ${oneScope(r)}`),
          },
        })
        .test(
          `${o.method} ${o.path} answers 403 (insufficient_scope) to a client holding only another family's scope`,
          async ({ api }) => {
            needRoles(refused.map(scopeRole));
            const params = await realParams(api, o);
            for (const scope of refused) await api.untyped(o.operationId, { as: scopeRole(scope), params });
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
