// Envelopes and status codes (§2.1, §7, D-01..D-04, D-48) for every operation of the document: lists answer
// the list envelope, unknown ids the 404 error envelope, broken rules the 422 error envelope naming the field.
// Basis (issue 12): the list envelope is the source's (§2.1), a 404 for what does not exist is HTTP's (RFC 9110);
// the error envelope and the status codes of D-02 and D-48 are decisions, each in a requirement of its own.
import { test, expect, requirement } from '../lib/requirement.ts';
import { expectNotFound } from '../lib/expectations.ts';
import { operations } from '../lib/contract.ts';
import { config } from '../lib/config.ts';
import { exampleOf, paramsFor, wrapperOf } from '../lib/fixtures.ts';
import type { ApiResponse } from '../lib/api.ts';

const served = operations.filter((o) => o.security);
const lists = served.filter(
  (o) =>
    o.operationId.startsWith('list') &&
    o.responses['200'] &&
    JSON.stringify(o.responses['200']).includes('ListEnvelope'),
);
const byId = served.filter((o) => /\{(id|mediaId)\}/.test(o.path));
const withBody = served.filter((o) => o.requestExample);

function expectErrorEnvelope(res: ApiResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.status).toBe(status);
  expect(Array.isArray(res.body.errors) && res.body.errors.length > 0).toBe(true);
}

for (const o of lists) {
  test.describe(o.operationId, () => {
    requirement(
      {
        id: `${o.operationId}.envelope`,
        level: 'MUST',
        area: 'envelopes',
        source: ['§2.1', '§7'],
        basis: 'source',
        quote: 'List (search) response envelope (all v2 list endpoints)',
        title: 'answers the list envelope: success, status 200, data, pagination, links',
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId) });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, status: 200 });
        expect(Array.isArray(res.body.data)).toBe(true);
        expect(Object.keys(res.body.pagination).sort()).toEqual(['limit', 'page', 'total', 'totalPages']);
        expect(Object.keys(res.body.links).sort()).toEqual(['next', 'previous', 'self']);
      },
    );
    requirement(
      {
        id: `${o.operationId}.page-zero`,
        level: 'MUST',
        area: 'envelopes',
        source: ['D-03', 'D-02'],
        basis: 'decision',
        title: 'rejects page=0 with 422 naming page',
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, {
          params: await paramsFor(api, o.operationId),
          query: { page: 0 },
        });
        expectErrorEnvelope(res, 422);
        expect(res.body.errors.map((e: { name: string }) => e.name)).toContain('page');
      },
    );
    requirement(
      {
        id: `${o.operationId}.unknown-parameter`,
        level: 'SHOULD',
        area: 'envelopes',
        source: ['D-41'],
        basis: 'decision',
        title: 'rejects an unknown query parameter with 422 instead of ignoring it',
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, {
          params: await paramsFor(api, o.operationId),
          query: { 'id:mim': 1 },
        });
        expectErrorEnvelope(res, 422);
      },
    );
  });
}

for (const o of byId) {
  test.describe(o.operationId, () => {
    requirement(
      {
        id: `${o.operationId}.not-found`,
        level: 'MUST',
        area: 'envelopes',
        source: ['§4'],
        basis: 'standard',
        standard: 'RFC 9110 §15.5.5',
        title: `${o.method} of an unknown id answers 404`,
      },
      async ({ api }) => {
        expectNotFound(
          await api.untyped(o.operationId, {
            params: await paramsFor(api, o.operationId, 987654321),
            body: o.requestExample,
          }),
          'an unknown id',
        );
      },
    );
    requirement(
      {
        id: `${o.operationId}.not-found.envelope`,
        level: 'MUST',
        area: 'envelopes',
        source: ['§7', 'D-04', 'D-02'],
        basis: 'decision',
        title: `${o.method} of an unknown id answers 404 in the error envelope`,
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, {
          params: await paramsFor(api, o.operationId, 987654321),
          body: o.requestExample,
        });
        expectErrorEnvelope(res, 404);
      },
    );
  });
}

for (const o of withBody) {
  const key = wrapperOf(o.operationId);
  test.describe(o.operationId, () => {
    requirement(
      {
        id: `${o.operationId}.malformed-json`,
        level: 'MUST',
        area: 'envelopes',
        source: ['D-02', 'D-48'],
        basis: 'decision',
        title: 'answers 400 in the error envelope to malformed JSON',
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, {
          params: await paramsFor(api, o.operationId, 1),
          raw: { text: `{"${key}": {`, contentType: 'application/json' },
        });
        expectErrorEnvelope(res, 400);
      },
    );
    requirement(
      {
        id: `${o.operationId}.content-type`,
        level: 'MUST',
        area: 'envelopes',
        source: ['D-02', 'D-48'],
        basis: 'decision',
        title: 'answers 415 to a body that is not JSON',
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, {
          params: await paramsFor(api, o.operationId, 1),
          raw: { text: 'a=b', contentType: 'text/plain' },
        });
        expectErrorEnvelope(res, 415);
      },
    );
    requirement(
      {
        id: `${o.operationId}.unknown-field`,
        level: 'MUST',
        area: 'envelopes',
        source: ['D-09', 'D-02'],
        basis: 'decision',
        title: 'rejects an unknown field with 422 naming it',
      },
      async ({ api }) => {
        const body = { [key]: { ...exampleOf(o.operationId)[key], notAField: 1 } };
        const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId, 1), body });
        if (res.status === 404) return; // the item of an update does not exist; the create and parent forms check the field
        expectErrorEnvelope(res, 422);
        expect(res.body.errors.map((e: { name: string }) => e.name)).toContain(`${key}.notAField`);
      },
    );
    requirement(
      {
        id: `${o.operationId}.too-large`,
        level: 'MUST',
        area: 'envelopes',
        source: ['D-48'],
        basis: 'decision',
        title: 'answers 413 to a body over 1 MiB',
      },
      async ({ api }) => {
        const res = await api.untyped(o.operationId, {
          params: await paramsFor(api, o.operationId, 1),
          raw: { text: `{"${key}": {"x": "${'a'.repeat(1024 * 1024 + 10)}"}}`, contentType: 'application/json' },
        });
        expectErrorEnvelope(res, 413);
      },
    );
  });
}

test.describe('routing', () => {
  requirement(
    {
      id: 'routing.unknown-route',
      level: 'MUST',
      area: 'envelopes',
      source: ['§9'],
      basis: 'standard',
      standard: 'RFC 9110 §15.5.5',
      title: 'an unknown route answers 404',
    },
    async ({ api }) => {
      expectNotFound(await api.send('GET', `${config.targetUrl}/api/v2/no-such-resource.json`), 'an unknown route');
    },
  );
  requirement(
    {
      id: 'routing.unknown-route.envelope',
      level: 'MUST',
      area: 'envelopes',
      source: ['D-48', 'D-02'],
      basis: 'decision',
      title: 'an unknown route answers 404 in the error envelope',
    },
    async ({ api }) => {
      expectErrorEnvelope(await api.send('GET', `${config.targetUrl}/api/v2/no-such-resource.json`), 404);
    },
  );
  requirement(
    {
      id: 'routing.wrong-method',
      level: 'MUST',
      area: 'envelopes',
      source: ['D-48', 'D-02'],
      basis: 'decision',
      title: 'a known path with another method answers 405 with Allow',
    },
    async ({ api }) => {
      const res = await api.send('PATCH', `${config.targetUrl}/api/v2/products.json`);
      expectErrorEnvelope(res, 405);
      expect(res.headers.allow ?? '').toContain('GET');
    },
  );
});
