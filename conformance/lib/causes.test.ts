// Failures grouped by cause: what a cause is made of, and that summary.md's entries for a run of
// 800 failures stay few and small. The reasons are written as the suite writes them from the messages it throws
// (lib/api.ts's Nonconformance, lib/unanswered.ts's NoAnswer, Playwright's expect with its gap first, lib/gap.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { causeOf, causesMarkdown, groupByCause, type Failure } from './causes.ts';
import { firstLines } from './gap.ts';

/** A contract mismatch as lib/api.ts throws it: `METHOD URL`, then checkResponse's problems, one a line. */
const mismatch = (method: string, url: string, ...problems: string[]) =>
  firstLines(`Nonconformance: [nonconformance] ${method} ${url}\n  ${problems.join('\n  ')}`);
const cause = (reason: string | undefined) => causeOf({ id: 'x', reason });
const BASE = 'http://127.0.0.1:4010/api/v2';

/** An exchange as lib/api.ts formats it, about 2,500 characters (a long body). */
const exchange = (method: string, url: string, status: number, body: string) =>
  [
    `> ${method} ${url}`,
    '> accept: application/json',
    '> authorization: Bearer ***',
    '',
    `< ${status}`,
    '< content-type: application/json',
    '<',
    `< ${body}`,
    '',
    `curl -i -X ${method} '${url}' -H 'accept: application/json' -H "Authorization: Bearer $TOKEN"`,
    ...Array.from({ length: 30 }, (_, i) => `< x-filler-${i}: ${'y'.repeat(60)}`),
  ].join('\n');

test('a contract mismatch: the schema keyword at the body pointer, without method, URL, operationId or status', () => {
  assert.equal(
    cause(
      mismatch(
        'GET',
        `${BASE}/products/17.json`,
        "getProduct 404: / must have required property 'errors' [schema #/required]; / must NOT have additional properties (message) [schema #/additionalProperties]",
      ),
    ),
    "response body: / must have required property 'errors' (schema #/required)",
  );
  assert.equal(
    cause(
      '[nonconformance] GET http://127.0.0.1:4010/api/v2/products/17.json createProduct 422: /errors must be array [schema #/components/schemas/Error/properties/errors/type]; /data must ...',
    ),
    'response body: /errors must be array (schema #/components/schemas/Error/properties/errors/type)',
  );
  // The bundle's id before a schema path is left out; the path itself stays (it names the schema).
  assert.equal(
    cause(
      mismatch(
        'POST',
        `${BASE}/token`,
        "createToken 400: / must have required property 'error' [schema openapi.json#/components/responses/TokenBadRequest/content/application~1json/schema/required]",
      ),
    ),
    "response body: / must have required property 'error' (schema #/components/responses/TokenBadRequest/content/application~1json/schema/required)",
  );
});

test('the same keyword at the same pointer, across operations, URLs, ids and statuses, is one cause', () => {
  const reasons = [
    mismatch(
      'GET',
      `${BASE}/products/17.json`,
      'getProduct 404: /errors must be array [schema #/properties/errors/type]',
    ),
    mismatch(
      'DELETE',
      `${BASE}/products/98765/media/4321.json?force=true`,
      'deleteProductMedia 422: /errors must be array [schema #/properties/errors/type]; /status must be integer [schema #/properties/status/type]',
    ),
    mismatch(
      'PUT',
      `${BASE}/contacts/c-1a2b3c4d.json`,
      'updateContact 401: /errors must be array [schema #/properties/errors/type]',
    ),
    `Error: ${mismatch('POST', 'https://store.example.com/api/v2/products.json', 'createProduct 400: /errors must be array [schema #/properties/errors/type]')}`,
  ];
  assert.deepEqual(
    new Set(reasons.map(cause)),
    new Set(['response body: /errors must be array (schema #/properties/errors/type)']),
  );
  // Array indexes of the body are one place: every item of a list.
  assert.equal(
    cause(
      mismatch(
        'GET',
        `${BASE}/products.json`,
        'listProducts 200: /data/3/id must be integer [schema #/properties/id/type]',
      ),
    ),
    cause(
      mismatch(
        'GET',
        `${BASE}/contacts.json`,
        'listContacts 200: /data/0/id must be integer [schema #/properties/id/type]',
      ),
    ),
  );
  assert.equal(
    cause(
      mismatch(
        'GET',
        `${BASE}/products.json`,
        'listProducts 200: /data/12/id must be integer [schema #/properties/id/type]',
      ),
    ),
    'response body: /data/*/id must be integer (schema #/properties/id/type)',
  );
});

test('a different pointer, keyword, property or schema is a different cause', () => {
  const of = (problem: string) => cause(mismatch('GET', `${BASE}/products/1.json`, `getProduct 200: ${problem}`));
  const causes = [
    of('/errors must be array [schema #/properties/errors/type]'),
    of('/data/errors must be array [schema #/properties/errors/type]'),
    of("/errors must have required property 'code' [schema #/properties/errors/required]"),
    of("/ must have required property 'errors' [schema #/required]"),
    of("/ must have required property 'status' [schema #/required]"),
    of('/ must NOT have additional properties (message) [schema #/additionalProperties]'),
    of('/ must NOT have additional properties (detail) [schema #/additionalProperties]'),
    of('/data must be object [schema #/components/schemas/SingleEnvelope/properties/data/type]'),
    of('/data must be object [schema #/type]'),
    // A schema index is no array index: `allOf/1` stays.
    of('/data must be array [schema #/allOf/1/properties/data/type]'),
    of('/data must be array [schema #/allOf/0/properties/data/type]'),
  ];
  assert.equal(new Set(causes).size, causes.length, causes.join('\n'));
  assert.match(causes[9]!, /allOf\/1\//);
});

test("checkResponse's other problems: undocumented status and content type, a missing header, an unexpected body", () => {
  assert.equal(
    cause(
      mismatch(
        'POST',
        `${BASE}/products.json`,
        'createProduct: status 200 is not documented (documented: 201, 400, 401, 403, 413, 415, 422, 429); body {"data":{"id":5}}',
      ),
    ),
    'response status 200 is not documented',
  );
  assert.equal(
    cause(
      mismatch(
        'GET',
        `${BASE}/contacts/3.json`,
        'getContact: status 200 is not documented (documented: 200, 401, 403, 404, 422, 429); body <html>',
      ).replace('200 is', '201 is'),
    ),
    'response status 201 is not documented',
  );
  assert.equal(
    cause(
      mismatch(
        'GET',
        `${BASE}/products/1.json`,
        'getProduct 201: content type "text/html" is not documented (application/json)',
      ),
    ),
    'response content type "text/html" is not documented',
  );
  // The first problem is the cause: here the header, reported before the body's.
  assert.equal(
    cause(
      mismatch(
        'GET',
        `${BASE}/products/1.json`,
        'getProduct 401: header WWW-Authenticate is missing',
        'getProduct 401: /errors must be array [schema #/properties/errors/type]',
      ),
    ),
    'response header WWW-Authenticate is missing',
  );
  assert.equal(
    cause(mismatch('DELETE', `${BASE}/products/4.json`, 'deleteProduct 204: expected no body, got {"ok":true}')),
    'response has a body where none is documented',
  );
});

test('a pair of statuses is the cause, whatever body follows it', () => {
  const reasons = [
    'expected 401, got 201',
    'expected 401, got 201 {"data":{"id":1234,"sku":"SKU-1A2B3C4D"}}',
    'Error: expected 401, got 201: {"data":{"id":7}}',
    firstLines('Error: expected 401, got 201 <!doctype html>\n\nexpect(received).toBe(expected) // Object.is equality'),
  ];
  assert.deepEqual(new Set(reasons.map(cause)), new Set(['expected 401, got 201']));
  assert.notEqual(cause('expected 401, got 200'), cause('expected 401, got 201'));
  assert.notEqual(cause('expected 403, got 201'), cause('expected 401, got 201'));
});

test("a reason that leads with another gap: the gap, and the start of the assertion's message", () => {
  // As lib/gap.ts puts them first, the assertion's message and Playwright's account after them.
  const cases: [string, string][] = [
    [
      'expected true, got false the request must be refused as invalid (a 4xx such as 400 or 422), got 201: {"success":true,"data":{"id":98765,"sku":"SKU-0B61F2E9"}} expect(received).toBe(expected) // Object.is equality',
      'expected true, got false — the request must be refused as invalid (a 4xx such as 400 or 422), got 201',
    ],
    [
      'expected "id": 1, "name": "x", got "id": 0, "name": "c-1a2b3c4d" the list expect(received).toEqual(expected) // deep equality',
      'expected "id": 1, "name": "x", got "id": 0, "name": "c-{id}" — the list',
    ],
    [
      'expected a property "errors", got {"a": 1} body of c-1a2b3c4d expect(received).toHaveProperty(path)',
      'expected a property "errors", got {"a": 1} — body of c-{id}',
    ],
    [
      'expected length 2, got length 3: [1, 2, 3] items expect(received).toHaveLength(expected)',
      'expected length 2, got length 3: [1, 2, 3] — items',
    ],
    [
      'expected a string, got undefined expect(received).toMatch(expected) Matcher error: received value must be a string',
      'expected a string, got undefined',
    ],
    [
      'expected a defined value, got undefined the Location header expect(received).toBeDefined()',
      'expected a defined value, got undefined — the Location header',
    ],
  ];
  for (const [reason, expected] of cases) assert.equal(cause(reason), expected);
  // `expected true, got false` says nothing alone: two assertions are two causes.
  assert.notEqual(
    cause('expected true, got false the token must be refused expect(received).toBe(expected)'),
    cause('expected true, got false the product must be listed expect(received).toBe(expected)'),
  );
});

test('no answer: the transport error, without method, URL or host', () => {
  for (const [method, path] of [
    ['GET', '/products.json'],
    ['POST', '/contacts.json'],
  ])
    assert.equal(
      cause(firstLines(`NoAnswer: ${method} ${BASE}${path} timed out after 10000 ms (no answer)`)),
      'no answer: timed out after 10000 ms',
    );
  assert.equal(
    cause(`NoAnswer: POST ${BASE}/products.json got no HTTP answer (read ECONNRESET)`),
    'no answer: read ECONNRESET',
  );
  assert.equal(
    cause(`NoAnswer: GET ${BASE}/products/9.json got no HTTP answer (connect ECONNREFUSED 127.0.0.1:4010)`),
    'no answer: connect ECONNREFUSED',
  );
  assert.equal(
    cause(`NoAnswer: GET http://localhost:8080/x got no HTTP answer (connect ECONNREFUSED [::1]:8080)`),
    'no answer: connect ECONNREFUSED',
  );
});

test('any other reason: its text to the body excerpt, without URLs, generated ids, uuids or long numbers', () => {
  assert.equal(
    cause(
      firstLines(
        'Error: the request must be refused as invalid (a 4xx such as 400 or 422), got 201: {"data":{"id":98765,"sku":"SKU-0B61F2E9"}}\n\nexpect(received).toBe(expected) // Object.is equality\n\nExpected: true',
      ),
    ),
    'the request must be refused as invalid (a 4xx such as 400 or 422), got 201',
  );
  // The suite's unique values (lib/fixtures.ts) come out alike whether their hex has letters or not.
  const a = cause(
    'Error: contact c-1a2b3c4d (ref-0b61f2e9, user-9f8e7d6c@example.com) was not found at /contacts/12345',
  );
  const b = cause('Error: contact c-12345678 (ref-abcdef01, user-00000000@example.com) was not found at /contacts/7');
  assert.equal(a, b);
  assert.equal(a, 'contact c-{id} (ref-{id}, user-{id}@example.com) was not found at /contacts/*');
  assert.equal(
    cause(
      `Error: GET ${BASE}/products/3f2504e0-4f89-11d3-9a0c-0305e82c3301.json answered at 2025-11-25T00:12:00Z with 10485760 characters, per RFC 9110`,
    ),
    'GET {url} answered at {date-time} with {n} characters, per RFC 9110',
  );
  assert.equal(
    cause('Error: createProduct of a valid data answered 500: <!doctype html><html>oops</html>'),
    'createProduct of a valid data answered 500',
  );
  assert.equal(cause('timed out: Test timeout of 30000ms exceeded.'), 'timed out: Test timeout of 30000ms exceeded.');
  assert.equal(cause('Error:   the   value\n\tdiffers  '), 'the value differs');
  const long = cause(`Error: ${'the value differs from the one sent '.repeat(20)}`);
  assert.ok(long.length <= 160 && long.endsWith('…'), long);
});

test('causeOf never throws: no reason, odd values, huge text', () => {
  for (const reason of [undefined, '', '   ', 'Error: ', '[nonconformance]', 'Nonconformance: [nonconformance] '])
    assert.equal(cause(reason), 'no reason given', JSON.stringify(reason));
  assert.equal(causeOf(undefined as unknown as Failure), 'no reason given');
  assert.equal(causeOf(null as unknown as Failure), 'no reason given');
  assert.equal(causeOf({ id: 'x', reason: 42 as unknown as string }), '42');
  assert.equal(causeOf({ id: 'x', reason: { toString: null } as unknown as string }), 'no reason given');
  const started = Date.now();
  const huge = cause(`[nonconformance] ${'/a'.repeat(200_000)} must ${'x-1'.repeat(100_000)}`);
  assert.ok(
    huge.length <= 300 && Date.now() - started < 1000,
    `${huge.length} characters in ${Date.now() - started} ms`,
  );
  for (const odd of [
    '[schema ]',
    'expected , got ',
    'got no HTTP answer (',
    '``` `',
    '{"',
    '<html',
    '/ must [schema #]',
    'expected x, got [[[[',
    'expected x, got "open',
    'expected x, got ',
  ])
    assert.equal(typeof cause(odd), 'string');
});

/**
 * 800 failures as an independent implementation gave them: 600 error bodies without an `errors` array across 40
 * operations (methods, URLs, ids and statuses vary), 150 writes without a token answered 200, 50 of causes of their
 * own (distinct pointers, keywords, status pairs and assertions).
 */
function eightHundred(): Failure[] {
  const failures: Failure[] = [];
  const methods = ['GET', 'POST', 'PUT', 'DELETE'];
  for (let i = 0; i < 600; i++) {
    const operation = `operation${String.fromCharCode(65 + (i % 40) / 2, 97 + (i % 2))}`;
    const method = methods[i % 4]!;
    const url = `${BASE}/things/${1000 + i}/parts/${i % 7}.json`;
    const status = [401, 403, 404, 422][i % 4]!;
    // Some bodies also break a second rule; the reporter's cut at 300 characters falls in different places.
    const problems = [
      `${operation} ${status}: /errors must be array [schema #/properties/errors/type]${i % 3 ? '; /status must be integer [schema #/properties/status/type]' : ''}`,
      ...(i % 5
        ? []
        : [`${operation} ${status}: / must NOT have additional properties (message) [schema #/additionalProperties]`]),
    ];
    failures.push({
      id: `errors.${operation}.${String(i).padStart(3, '0')}`,
      operation,
      reason: mismatch(method, url, ...problems),
      evidence: exchange(method, url, status, `{"success":false,"status":${status},"errors":"invalid ${i}"}`),
    });
  }
  for (let i = 0; i < 150; i++) {
    const url = `${BASE}/things/${i}.json`;
    const body = `{"success":true,"data":{"id":${i},"sku":"SKU-${(0x10000000 + i * 7919).toString(16).toUpperCase()}"}}`;
    failures.push({
      id: `auth.no-token.${String(i).padStart(3, '0')}`,
      reason: firstLines(
        `expected 401, got 200\nthe request without a token must be refused: ${body}\n\nexpect(received).toBe(expected) // Object.is equality\n\nExpected: 401\nReceived: 200`,
      ),
      evidence: exchange('POST', url, 200, body),
    });
  }
  for (let i = 0; i < 50; i++) {
    const url = `${BASE}/other/${i}.json`;
    const reason =
      i < 25
        ? mismatch(
            'GET',
            url,
            `getOther 200: /data/field${String.fromCharCode(97 + i)} must be string [schema #/properties/field/type]`,
          )
        : i < 35
          ? `Error: expected ${400 + i}, got 200 {"id":${i}}`
          : `Error: the ${['name', 'price', 'sku', 'title', 'email'][i % 5]} of resource ${String.fromCharCode(65 + i - 35)} must round-trip`;
    failures.push({ id: `assorted.${String(i).padStart(2, '0')}`, reason, evidence: exchange('GET', url, 200, '{}') });
  }
  return failures;
}

test('800 failures: 52 causes, largest first, ids sorted, the example the first failure with an exchange', () => {
  const failures = eightHundred();
  const groups = groupByCause(failures);
  assert.equal(groups.length, 52);
  assert.deepEqual(
    groups.slice(0, 2).map((g) => [g.cause, g.ids.length]),
    [
      ['response body: /errors must be array (schema #/properties/errors/type)', 600],
      ['expected 401, got 200', 150],
    ],
  );
  assert.equal(
    groups.reduce((n, g) => n + g.ids.length, 0),
    800,
  );
  for (const g of groups) {
    assert.deepEqual(
      g.ids,
      [...g.ids].sort((a, b) => a.localeCompare(b)),
    );
    assert.equal(g.example.id, g.ids[0]);
  }
  // Groups of equal size in the order of their causes.
  const ones = groups.slice(2).map((g) => g.cause);
  assert.ok(groups.slice(2).every((g) => g.ids.length === 1));
  assert.deepEqual(
    ones,
    [...ones].sort((a, b) => a.localeCompare(b)),
  );
  // The example is the first failure that has an exchange.
  const [g] = groupByCause([
    { id: 'b', reason: 'expected 401, got 200', evidence: '> GET /b' },
    { id: 'a', reason: 'expected 401, got 200 {"x":1}' },
    { id: 'c', reason: 'expected 401, got 200', evidence: '> GET /c' },
  ]);
  assert.deepEqual([g!.ids, g!.example.id], [['a', 'b', 'c'], 'b']);
});

test('800 failures render to one entry per cause, well under 200 KB, ids in order and one exchange each', () => {
  const groups = groupByCause(eightHundred());
  const lines = causesMarkdown(groups);
  const markdown = lines.join('\n');
  const size = Buffer.byteLength(markdown, 'utf8');
  assert.ok(size <= 60_000, `${size} bytes`);
  const entries = lines.filter((l) => l.startsWith('- '));
  assert.equal(entries.length, 52);
  assert.equal(entries[0], '- **600** × `response body: /errors must be array (schema #/properties/errors/type)`');
  assert.equal(entries[1], '- **150** × `expected 401, got 200`');
  assert.ok(entries.slice(2).every((l) => l.startsWith('- **1** × ')));
  // The first twelve ids, in order, then the count of the others.
  const first = lines[lines.indexOf(entries[0]!) + 2]!;
  const ids = groups[0]!.ids;
  assert.equal(
    first,
    `  Requirements: ${ids
      .slice(0, 12)
      .map((id) => `\`${id}\``)
      .join(', ')} and 588 more.`,
  );
  // The largest causes with their exchange, cut to 1,500 characters, in a fenced block under the item; the smallest,
  // past the default 60,000 bytes, on one line each.
  const exchanges = lines.filter((l) => l === '  ```http').length;
  assert.ok(exchanges >= 25 && exchanges < 52, `${exchanges} exchanges`);
  assert.equal(entries.filter((l) => l.endsWith(' (exchanges in results.json)')).length, 52 - exchanges);
  const block = markdown.slice(markdown.indexOf('  ```http'), markdown.indexOf('\n  ```\n'));
  assert.ok(block.length < 1500 + 200, `${block.length}`);
  assert.match(block, /… \(\d+ more characters in results\.json\)/);
  assert.ok(!markdown.includes('x-filler-29'), 'the exchange is cut');
  // With room for all, every cause has its exchange, and 800 failures still take under 100 KB.
  const all = causesMarkdown(groups, { maxBytes: 200_000 });
  assert.equal(all.filter((l) => l === '  ```http').length, 52);
  assert.ok(Buffer.byteLength(all.join('\n'), 'utf8') < 100_000);
  // A single failure is an entry like the others.
  const single = causesMarkdown(
    groupByCause([{ id: 'one', reason: 'expected 401, got 500', evidence: '> GET /x\n\n< 500' }]),
  );
  assert.deepEqual(single, [
    '- **1** × `expected 401, got 500`',
    '',
    '  Requirements: `one`.',
    '',
    '  Example `one`: `expected 401, got 500`',
    '',
    '  ```http',
    '  > GET /x',
    '  ',
    '  < 500',
    '  ```',
    '',
  ]);
});

test('options: fewer ids, a shorter exchange; text shown as written', () => {
  const groups = groupByCause(
    Array.from({ length: 5 }, (_, i) => ({
      id: `r${i}`,
      reason: 'Error: the `*name*` must be <b>bold</b>',
      evidence: `> GET /x\n< 200\n< \`\`\`\n${'z'.repeat(500)}`,
    })),
  );
  const lines = causesMarkdown(groups, { maxIds: 2, maxEvidence: 40 });
  assert.equal(lines[0], '- **5** × ``the `*name*` must be <b>bold</b>``');
  assert.equal(lines[2], '  Requirements: `r0`, `r1` and 3 more.');
  // A body holding a fence gets a longer one.
  assert.ok(lines.includes('  ````http') && lines.includes('  ````'), lines.join('\n'));
  assert.ok(lines.join('\n').length < 400, lines.join('\n'));
  // No exchange recorded: said so.
  assert.ok(causesMarkdown(groupByCause([{ id: 'a', reason: 'x' }])).includes('  (no HTTP exchange recorded)'));
  assert.deepEqual(causesMarkdown([]), []);
});

test('however many causes, the lines stay within maxBytes: exchanges first, then one line each, then a count', () => {
  const distinct: Failure[] = Array.from({ length: 800 }, (_, i) => ({
    id: `req.${String(i).padStart(3, '0')}`,
    reason: `Error: assertion ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} does not hold`,
    evidence: exchange('GET', `${BASE}/x/${i}.json`, 200, 'w'.repeat(5000)),
  }));
  const groups = groupByCause(distinct);
  assert.equal(groups.length, 800);
  for (const maxBytes of [100_000, 20_000]) {
    const lines = causesMarkdown(groups, { maxBytes });
    const size = Buffer.byteLength(lines.join('\n'), 'utf8');
    assert.ok(size <= maxBytes, `${size} > ${maxBytes}`);
    assert.ok(
      lines.some((l) => l === '  ```http'),
      'the largest causes keep their exchange',
    );
    assert.ok(
      lines.some((l) => / \(exchanges in results\.json\)$/.test(l)),
      'then one line each',
    );
    const last = lines.at(-1)!;
    const left = /^- … and (\d+) more cause\(s\) of (\d+) failure\(s\)/.exec(last);
    assert.ok(left, last);
    // Every cause is listed or counted.
    assert.equal(lines.filter((l) => l.startsWith('- **')).length + Number(left[1]), 800);
  }
});
