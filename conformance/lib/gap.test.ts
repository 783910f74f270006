// A failure leads with the gap: real errors of Playwright's `expect` (thrown here, outside the runner) get a first line
// that says what was expected and what came, and keep everything they said after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { expect } from '@playwright/test';
import { firstLines, gapFirst } from './gap.ts';

/** The message of what `f` throws. */
async function thrown(f: () => unknown): Promise<string> {
  try {
    await f();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('nothing thrown');
}
/** The message as gapFirst gives it, by line. */
const linesOf = (message: string) => gapFirst(message).split('\n');
const firstLine = async (f: () => unknown) => linesOf(await thrown(f))[0];

/** The reason the reporter keeps of a message: its first three non-empty lines, joined, cut at 300 characters. */
const reason = (message: string) => firstLines(stripVTControlCharacters(message));

test('toBe: the expected and the received value, then the custom message, then what expect said', async () => {
  const message = await thrown(() => expect(201, '{"data":{"id":7}}').toBe(401));
  const lines = linesOf(message);
  assert.equal(lines[0], 'expected 401, got 201');
  assert.equal(lines[1], '{"data":{"id":7}}');
  assert.deepEqual(lines.slice(2), ['', ...stripVTControlCharacters(message).split('\n').slice(2)]);
  assert.match(lines.join('\n'), /^expect\(received\)\.toBe\(expected\).*\n\nExpected: 401\nReceived: 201$/m);
});

test('toBe without a custom message: the gap, then the matcher line', async () => {
  const lines = linesOf(await thrown(() => expect(201).toBe(401)));
  assert.equal(lines[0], 'expected 401, got 201');
  assert.match(lines[1]!, /^expect\(received\)\.toBe\(expected\)/);
  assert.equal(
    await firstLine(() => expect('text/html').toBe('application/json')),
    'expected "application/json", got "text/html"',
  );
  assert.equal(await firstLine(() => expect(200, 'a body').not.toBe(200)), 'expected not 200, got 200');
});

test('toEqual of objects: the changed lines of the diff, without "Object {"', async () => {
  const gap = await firstLine(() => expect({ a: 1, status: 200, b: [1, 2] }).toEqual({ a: 1, status: 422, b: [1, 2] }));
  assert.equal(gap, 'expected "status": 422, got "status": 200');
  assert.equal(
    await firstLine(() => expect({ id: 'x' }).toEqual({ id: expect.any(Number) })),
    'expected "id": Any<Number>, got "id": "x"',
  );
  assert.equal(
    await firstLine(() => expect({ a: 1 }).toStrictEqual({ a: 1, b: undefined })),
    'expected "b": undefined, got nothing',
  );
  assert.equal(
    await firstLine(() => expect({ a: 1 }).not.toEqual({ a: 1 })),
    'expected not {"a": 1}, got an equal value',
  );
  assert.equal(await firstLine(() => expect(undefined).toEqual({ a: 1 })), 'expected {"a": 1}, got undefined');
});

test('toEqual of arrays: the changed items; an item only one side has is set against nothing', async () => {
  assert.equal(await firstLine(() => expect([1, 2, 3]).toEqual([1, 2, 4])), 'expected 4, got 3');
  assert.equal(await firstLine(() => expect(['a', 'b'], 'ids').toEqual(['a'])), 'expected nothing, got "b"');
  assert.equal(await firstLine(() => expect([]).toEqual([5])), 'expected [5], got []');
});

test('a large diff: its first changed lines compacted, the line cut with … well before 300 characters', async () => {
  const data = Array.from({ length: 30 }, (_, id) => ({ id, name: 'x'.repeat(50) }));
  const gap = (await firstLine(() => expect({ data }).toEqual({ data: [] })))!;
  assert.match(gap, /^expected "data": \[\], got "data": \[\{"id": 0, "name": "x+"\}, \{"id": .*…$/);
  assert.ok(gap.length <= 200, `${gap.length} characters`);
});

test('toMatchObject: each changed run, with the custom message after the gap', async () => {
  const message = await thrown(() =>
    expect({ status: 200, x: { y: 'z' } }, 'POST /products.json answered').toMatchObject({
      status: 422,
      x: { y: 'w' },
    }),
  );
  const lines = linesOf(message);
  assert.equal(lines[0], 'expected "status": 422; "y": "w", got "status": 200; "y": "z"');
  assert.equal(lines[1], 'POST /products.json answered');
  assert.ok(lines.includes('-   "status": 422,') && lines.includes('+   "status": 200,'), 'the diff stays below');
});

test('toContain and toContainEqual: what was to be contained, and the collection', async () => {
  assert.equal(
    await firstLine(() => expect([200, 201], 'statuses').toContain(401)),
    'expected to contain 401, got [200, 201]',
  );
  assert.equal(
    await firstLine(() => expect('hello world').toContain('xyz')),
    'expected to contain "xyz", got "hello world"',
  );
  assert.equal(await firstLine(() => expect([1, 2]).not.toContain(2)), 'expected not to contain 2, got [1, 2]');
  assert.equal(
    await firstLine(() => expect([{ a: 1 }]).toContainEqual({ a: 2 })),
    'expected to contain {"a": 2}, got [{"a": 1}]',
  );
  const long = (await firstLine(() => expect(Array.from({ length: 100 }, (_, i) => `item-${i}`)).toContain('x')))!;
  assert.match(long, /^expected to contain "x", got \["item-0", "item-1", .*…$/);
  assert.ok(long.length <= 200);
});

test('comparisons: the bound and the value', async () => {
  assert.equal(await firstLine(() => expect(3600).toBeLessThanOrEqual(10)), 'expected <= 10, got 3600');
  assert.equal(await firstLine(() => expect(3600, 'expires_in').toBeLessThanOrEqual(10)), 'expected <= 10, got 3600');
  assert.equal(await firstLine(() => expect(1).toBeGreaterThan(2)), 'expected > 2, got 1');
  assert.equal(await firstLine(() => expect(10).toBeLessThan(5)), 'expected < 5, got 10');
  assert.equal(await firstLine(() => expect(1).toBeGreaterThanOrEqual(5)), 'expected >= 5, got 1');
});

test('toBeTruthy and the other matchers without an expected value: what they want, and the value', async () => {
  const message = await thrown(() => expect(0, 'the Retry-After header').toBeTruthy());
  assert.deepEqual(linesOf(message).slice(0, 2), ['expected a truthy value, got 0', 'the Retry-After header']);
  assert.equal(await firstLine(() => expect(undefined).toBeTruthy()), 'expected a truthy value, got undefined');
  assert.equal(await firstLine(() => expect(1).not.toBeTruthy()), 'expected a falsy value, got 1');
  assert.equal(await firstLine(() => expect({ a: 1 }).toBeNull()), 'expected null, got {"a": 1}');
  assert.equal(await firstLine(() => expect(null).not.toBeNull()), 'expected a value other than null, got null');
  assert.equal(await firstLine(() => expect(3).toBeUndefined()), 'expected undefined, got 3');
  assert.equal(await firstLine(() => expect(undefined, 'x').toBeDefined()), 'expected a defined value, got undefined');
});

test('toMatch: the pattern and the string, a multi-line string on one line', async () => {
  assert.equal(
    await firstLine(() => expect('text/html', 'content type').toMatch(/json/)),
    'expected to match /json/, got "text/html"',
  );
  assert.equal(await firstLine(() => expect('abc').not.toMatch(/b/)), 'expected not to match /b/, got "abc"');
  assert.equal(
    await firstLine(() => expect('line1\nline2').toMatch(/json/)),
    'expected to match /json/, got "line1\\nline2"',
  );
  // A field the target left out: the matcher refuses the value before comparing.
  assert.equal(await firstLine(() => expect(undefined).toMatch(/^\d{4}$/)), 'expected a string, got undefined');
  assert.equal(
    await firstLine(() => expect(undefined).toBeGreaterThan(0)),
    'expected a number or bigint, got undefined',
  );
});

test('toHaveLength and toHaveProperty: the length, the property', async () => {
  assert.equal(await firstLine(() => expect([1]).toHaveLength(2)), 'expected length 2, got length 1: [1]');
  assert.equal(await firstLine(() => expect({ a: 1 }).toHaveProperty('b')), 'expected a property "b", got {"a": 1}');
  assert.equal(await firstLine(() => expect({ a: 1 }).toHaveProperty('a', 2)), 'expected "a" to be 2, got 1');
  assert.equal(await firstLine(() => expect({ a: 1 }).not.toHaveProperty('a')), 'expected no property "a", got 1');
});

test('expect.poll: the last value polled', async () => {
  assert.equal(await firstLine(() => expect.poll(() => 404, { timeout: 200 }).toBe(200)), 'expected 200, got 404');
});

test('a matcher naming no values: its name and what it said', async () => {
  assert.equal(await firstLine(() => expect(() => 1).toThrow()), 'toThrow() failed: Received function did not throw');
});

test("long values are cut with …: the first line stays under 200 characters and whole in the reporter's reason", async () => {
  const message = await thrown(() => expect('y'.repeat(500), `{"message":"${'z'.repeat(300)}"}`).toBe('x'.repeat(500)));
  const gap = linesOf(message)[0]!;
  assert.match(gap, /^expected "x+…, got "y+…$/);
  assert.ok(gap.length <= 200, `${gap.length} characters`);
  assert.ok(reason(gapFirst(message)).startsWith(gap), 'the reason starts with the whole gap');
  assert.equal(linesOf(message)[1], `{"message":"${'z'.repeat(300)}"}`, 'the custom message, whole, on the next line');
});

test("a custom message of 300 characters of JSON no longer hides the gap from the reporter's reason", async () => {
  const body = JSON.stringify({ data: { id: 1, title: 't'.repeat(260) } });
  const message = await thrown(() => expect(200, body).toBe(422));
  assert.ok(!reason(message).includes('Expected: 422'), 'the premise: the reason of the bare message misses the gap');
  assert.ok(reason(gapFirst(message)).startsWith('expected 422, got 200 {"data"'));
});

test("the runner's form of the message (`Error: ` first) gets the same gap", async () => {
  const message = await thrown(() => expect(201, 'a body').toBe(401));
  assert.equal(gapFirst(`Error: ${message}`), gapFirst(message));
});

test('applied twice, the gap is not repeated', async () => {
  for (const message of [
    await thrown(() => expect(201, 'a body').toBe(401)),
    await thrown(() => expect({ status: 200 }).toEqual({ status: 422 })),
  ])
    assert.equal(gapFirst(gapFirst(message)), gapFirst(message));
});

test("a custom message that holds a matcher's lines (the target's text) does not stand in for expect's own", async () => {
  const spoof = 'expect(received).toBe(expected)\n\nExpected: 1\nReceived: 2';
  assert.equal(await firstLine(() => expect(201, `answered:\n\n${spoof}`).toBe(401)), 'expected 401, got 201');
});

test('in colour, as a terminal run prints it: the same gap, and the whole message plain', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { expect } from '@playwright/test';
       try { expect({ status: 200 }, 'a body').toEqual({ status: 422 }); } catch (e) { process.stdout.write(JSON.stringify(e.message)); }`,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '1' } },
  );
  const coloured = JSON.parse(child.stdout) as string;
  assert.notEqual(stripVTControlCharacters(coloured), coloured, 'the premise: the message is coloured');
  const out = gapFirst(coloured);
  assert.equal(out.split('\n')[0], 'expected "status": 422, got "status": 200');
  assert.equal(out, gapFirst(stripVTControlCharacters(coloured)));
  assert.equal(stripVTControlCharacters(out), out, 'no colour code left');
});

test('a message that is not an expect error is returned as it is, trimmed', () => {
  const nonconformance =
    '[nonconformance] GET http://127.0.0.1:4010/api/v2/products.json\n  /data/0/id: must be integer';
  assert.equal(gapFirst(`${nonconformance}\n`), nonconformance);
  assert.equal(gapFirst('  Test timeout of 30000ms exceeded.  '), 'Test timeout of 30000ms exceeded.');
  const typeError = new TypeError("Cannot read properties of undefined (reading 'id')").message;
  assert.equal(gapFirst(typeError), typeError);
  // `expect(` inside a line is no matcher line.
  assert.equal(
    gapFirst('the suite said: expect(received).toBe(expected)'),
    'the suite said: expect(received).toBe(expected)',
  );
});
