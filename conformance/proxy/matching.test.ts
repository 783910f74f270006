// The requirements' judgements on exchanges made by hand, as the proxy matches them: what an exchange is judged by,
// how a contract problem counts (as the suite counts it, lib/api.ts), what the source profile reports, and that only
// requirements the suite declares are judged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadDialect } from '../lib/dialect.ts';
import { declared, metaOf } from '../lib/requirement.ts';
import '../requirements/index.ts';
import type { Exchange } from '../lib/judging/exchange.ts';
import { Memory } from '../lib/judging/memory.ts';
import { Matching } from './matching.ts';
import { Verdicts } from './verdicts.ts';

const meta = new Map(declared().map((d) => [d.id, metaOf(d)]));
const rules = new Matching(declared(), loadDialect(undefined));

let seq = 0;
/** An exchange of the API, its answer JSON. */
function exchange(
  method: string,
  url: string,
  status: number,
  answer: unknown,
  extra: Partial<Exchange> = {},
): Exchange {
  const body = Buffer.from(answer === undefined ? '' : JSON.stringify(answer));
  return {
    seq: ++seq,
    direction: 'api',
    started: Date.now(),
    ended: Date.now(),
    method,
    url,
    upstream: `http://127.0.0.1:9${url}`,
    requestHeaders: { authorization: 'Bearer t' },
    requestHeadBytes: 200,
    requestBody: Buffer.alloc(0),
    requestLength: 0,
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: body,
    responseLength: body.length,
    ...extra,
  };
}
const page = (data: unknown[], extra: object = {}) => ({
  success: true,
  status: 200,
  data,
  pagination: { page: 1, limit: 100, total: data.length, totalPages: data.length ? 1 : 0 },
  links: { self: '/api/v2/products.json?page=1&limit=100', previous: null, next: null },
  ...extra,
});

test('judges only requirements the suite declares, over a thousand of them', () => {
  const judgeable = rules.judgeable();
  assert.ok(judgeable.length > 1000, String(judgeable.length));
  for (const id of judgeable) assert.ok(meta.has(id), id);
});

test("a list's items are judged by the filter they were asked for (§4.4)", () => {
  const judged = rules.judge(
    exchange('GET', '/api/v2/products.json?sku:in=A,B', 200, page([{ id: 1, sku: 'C' }])),
    new Memory(),
  );
  const sku = judged.checks.find((c) => c.id === 'listProducts.filter.sku:in');
  assert.equal(sku?.ok, false);
  assert.match(sku!.reason!, /item 1 with sku "C" was returned for sku:in=A,B/);
});

test('a call without a token is judged by the token requirements alone (§5, D-05)', () => {
  const answer = {
    success: false,
    status: 401,
    context: 'request',
    errors: [{ name: 'authorization', message: 'x', ref: 'error.unauthorized' }],
  };
  const judged = rules.judge(
    exchange('GET', '/api/v2/products.json', 401, answer, {
      requestHeaders: {},
      responseHeaders: { 'content-type': 'application/json' },
    }),
    new Memory(),
  );
  const byId = new Map(judged.checks.map((c) => [c.id, c.ok]));
  assert.equal(byId.get('listProducts.auth.no-token'), true);
  assert.equal(byId.get('listProducts.auth.no-token.status'), false, 'no WWW-Authenticate: Bearer challenge');
  assert.equal(byId.get('listProducts.envelope'), undefined, 'a refused call is not a list');
});

test('an answer that breaks the document fails the decision and platform requirements judged on it, and only those', () => {
  const printed: string[] = [];
  const verdicts = new Verdicts(meta, 'contract', (l) => printed.push(l));
  // An item without the properties the document requires: the list envelope (source) is only noted, the walk
  // (platform) fails for it.
  const x = exchange('GET', '/api/v2/products.json?limit=100', 200, page([{ id: 1 }]));
  verdicts.add(x, rules.judge(x, new Memory()));
  const rows = new Map(verdicts.rows().map((r) => [r.id, r.status]));
  assert.equal(rows.get('listProducts.envelope'), 'pass');
  assert.equal(rows.get('listProducts.pagination.walk'), 'fail');
  assert.ok(
    printed.some((l) => l.startsWith('✗ listProducts.pagination.walk [platform]')),
    printed.join('\n'),
  );
});

test('under the source profile only what gates there is reported', () => {
  const verdicts = new Verdicts(meta, 'source', () => {});
  const x = exchange('GET', '/api/v2/products.json?limit=100', 200, page([{ id: 1 }]));
  verdicts.add(x, rules.judge(x, new Memory()));
  const bases = new Set(verdicts.rows().map((r) => r.basis));
  assert.deepEqual(
    [...bases].filter((b) => b !== 'source' && b !== 'standard'),
    [],
  );
  assert.ok(verdicts.rows().some((r) => r.id === 'listProducts.envelope'));
});

test('a write reads back on the next get of the same item, unless another write came between (D-01)', () => {
  const memory = new Memory();
  const product = { id: 7, title: 'Tea', sku: 'T-1' };
  const made = exchange('POST', '/api/v2/products.json', 201, { success: true, status: 201, data: product });
  rules.judge(made, memory);
  const changed = exchange('GET', '/api/v2/products/7.json', 200, {
    success: true,
    status: 200,
    data: { ...product, title: 'Coffee' },
  });
  const readBack = rules.judge(changed, memory).checks.find((c) => c.id === 'createProduct.lifecycle.status');
  assert.equal(readBack?.ok, false);
  assert.match(readBack!.reason!, /differs from what createProduct answered in title/);
  // Another write since (a product's inventory may change it, D-43): the get is not compared with the add.
  rules.judge(
    exchange('POST', '/api/v2/products.json', 201, { success: true, status: 201, data: { ...product, id: 8 } }),
    memory,
  );
  rules.judge(exchange('POST', '/api/v2/products.json', 201, { success: true, status: 201, data: product }), memory);
  rules.judge(
    exchange('POST', '/api/v2/products.json', 201, { success: true, status: 201, data: { ...product, id: 9 } }),
    memory,
  );
  const later = rules.judge(changed, memory).checks.find((c) => c.id === 'createProduct.lifecycle.status');
  assert.equal(later, undefined);
});
