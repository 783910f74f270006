// Coverage, proven (openapi/COVERAGE.md): every normative statement of the source is quoted in openapi/coverage/, and
// each one points at the contract, the reference server and the requirements that check it, or says why it cannot
// be checked from outside. This test fails on a quote that is not in the source, a table row, bullet or rule of
// §2–§9 that no statement quotes (row, bullet, rule or sentence), a pointer that does not resolve, a server file that does not exist, a requirement
// id the suite does not have, a statement with neither requirements nor a reason (or still pending), and a stale
// COVERAGE.md. The suite's ids come from `playwright test --list` (no run needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { files, load, render, root, status, type Statement } from './coverage.ts';
import { resolvePointer } from '../openapi/contract.ts';

const source = readFileSync(files.source, 'utf8');
const sections = load();
const statements = sections.flatMap((x) => x.statements.map((s) => ({ ...s, section: x.section })));

// The source's sections: `## 4. Endpoints` and `### 4.5 Endpoints…` start §4 and §4.5; deeper headings stay inside.
const ranges = (() => {
  const heads = [...source.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? .*$/gm)].map((m) => ({
    section: m[1]!,
    start: m.index!,
  }));
  return heads.map((h, i) => ({ ...h, end: heads[i + 1]?.start ?? source.length }));
})();
const rangeOf = (section: string) => ranges.find((r) => r.section === section);

test('statements are numbered S-<section>-<n>, once each, in sections of the source', () => {
  const seen = new Set<string>();
  for (const s of statements) {
    assert.match(
      s.id,
      new RegExp(`^S-${s.section.replace('.', '\\.')}-\\d+$`),
      `${s.id} is not numbered in §${s.section}`,
    );
    assert.ok(!seen.has(s.id), `${s.id} is used twice`);
    seen.add(s.id);
    assert.ok(rangeOf(s.section), `§${s.section} of ${s.id} is not a section of the source`);
  }
});

test('every quote is a verbatim part of its section of the source', () => {
  for (const s of statements) {
    const r = rangeOf(s.section)!;
    assert.ok(s.quote.trim().length > 0, `${s.id} has an empty quote`);
    assert.ok(source.slice(r.start, r.end).includes(s.quote), `${s.id}: quote not found in §${s.section}: ${s.quote}`);
  }
});

test('every line of §2–§9 (table rows, bullets, rules, sentences) is quoted by a statement; not-shown items are decisions', () => {
  const missed: string[] = [];
  for (const r of ranges.filter((x) => Number.parseFloat(x.section) >= 2)) {
    const text = source.slice(r.start, r.end);
    const own = statements.filter((s) => s.section === r.section);
    // Spans of the section's text that some quote of the section covers.
    const spans = own.flatMap((s) => {
      const out: [number, number][] = [];
      for (let i = text.indexOf(s.quote); i >= 0; i = text.indexOf(s.quote, i + 1)) out.push([i, i + s.quote.length]);
      return out;
    });
    const lines = text.split('\n');
    let at = 0;
    lines.forEach((line, i) => {
      const start = at;
      at += line.length + 1;
      const header = /^\|[-|]+\|$/.test(lines[i + 1] ?? '');
      const skip = !line.trim() || line.startsWith('#') || /^\|[-|]+\|$/.test(line) || header || line === 'Still open:';
      // "Not shown" items are decisions; a line ending in ':' introduces the items below it.
      if (skip || /not shown/i.test(line) || line.endsWith(':')) return;
      if (!spans.some(([a, b]) => a < start + line.length && b > start)) missed.push(`§${r.section}: ${line}`);
    });
  }
  assert.deepEqual(missed, [], 'lines of the source that no statement quotes');
});

test('every statement has requirements or a reason why it cannot be checked, and none is pending', () => {
  const open = statements.filter((s) => status(s) !== 'checked' && status(s) !== 'unchecked');
  assert.deepEqual(
    open.map((s) => `${s.id}: ${s.pending ? `pending: ${s.pending}` : 'neither requirements nor unchecked'}`),
    [],
  );
  for (const s of statements) {
    if (s.unchecked)
      assert.ok(s.unchecked.length >= 40, `${s.id}: say concretely why it cannot be checked from outside`);
  }
});

// A pointer written as a URI fragment is percent-decoded before it is evaluated (RFC 6901 §6).
const resolve = (pointer: string): unknown => {
  assert.ok(pointer.startsWith('#/'), `${pointer} is not a JSON pointer into the bundle`);
  return resolvePointer(decodeURIComponent(pointer));
};

test('every contract pointer resolves in openapi/dist/openapi.json', () => {
  const bad = statements.flatMap((s) =>
    (s.contract ?? []).filter((p) => resolve(p) === undefined).map((p) => `${s.id}: ${p}`),
  );
  assert.deepEqual(bad, []);
  for (const s of statements) assert.ok(s.contract?.length, `${s.id} names no place in the contract`);
});

test('every server reference is a file under reference-server/ (and its symbol is in it)', () => {
  const bad: string[] = [];
  for (const s of statements) {
    assert.ok(s.server?.length, `${s.id} names no place in the server`);
    for (const ref of s.server ?? []) {
      const [path, symbol] = ref.split('#') as [string, string | undefined];
      const file = join(root, path);
      if (!path.startsWith('reference-server/') || !existsSync(file)) bad.push(`${s.id}: ${path} does not exist`);
      else if (symbol && !new RegExp(`\\b${symbol}\\b`).test(readFileSync(file, 'utf8')))
        bad.push(`${s.id}: ${symbol} is not in ${path}`);
    }
  }
  assert.deepEqual(bad, []);
});

/** The requirement ids of both suites (the App suite's through its own config), as `playwright test --list` prints them. */
const suiteIds = (): Set<string> => {
  // The suite's reporter lists one requirement a line: `<id>  <level>  <location>  <title>`.
  const list = (config: string[]) => {
    const res = spawnSync(join(root, 'node_modules/.bin/playwright'), ['test', ...config, '--list'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
    });
    assert.equal(res.status, 0, `playwright --list failed: ${res.stderr}`);
    return [...res.stdout.matchAll(/^(\S+) {2}(?:MUST|SHOULD|MAY) {2}/gm)].map((m) => m[1]!);
  };
  return new Set([...list([]), ...list(['-c', 'playwright.app.config.ts'])]);
};

test('every requirement named exists in the conformance suite', () => {
  const ids = [...suiteIds()];
  assert.ok(ids.length > 100, `only ${ids.length} requirements listed`);
  const matches = (pattern: string) => {
    const re = new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return ids.filter((id) => re.test(id));
  };
  const missing = statements.flatMap((s: Statement) =>
    (s.requirements ?? []).filter((r) => matches(r).length === 0).map((r) => `${s.id}: ${r}`),
  );
  assert.deepEqual(missing, [], 'requirement ids (or patterns) that match nothing in the suite');
});

test('openapi/COVERAGE.md is up to date (npm run coverage)', () => {
  assert.equal(readFileSync(files.out, 'utf8'), render(sections), 'stale COVERAGE.md: run npm run coverage');
});

test('openapi/source.txt is the shared source, unchanged (checked wherever ../shared is present, as in CI)', (t) => {
  if (!existsSync(files.sharedSource)) return t.skip(`no ${files.sharedSource} next to this clone`);
  assert.equal(
    readFileSync(files.source, 'utf8'),
    readFileSync(files.sharedSource, 'utf8'),
    'the copy drifted: copy the shared source again',
  );
});
