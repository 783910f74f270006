import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { playwrightCounts } from './playwright-report.ts';

/** A report as Playwright's JSON reporter writes it: a file suite, a describe, one passed and one failed test. */
const report = {
  stats: { expected: 1, unexpected: 1, flaky: 0 },
  suites: [
    {
      title: 'docs.spec.ts',
      specs: [{ title: 'opens', tests: [{ status: 'expected', results: [{}] }] }],
      suites: [
        {
          title: 'the docs served',
          specs: [
            {
              title: 'search finds an operation',
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      error: {
                        message: '\u001b[31mError: expect(locator).toBeInViewport() failed\u001b[39m\n\nLocator: …',
                      },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};
const written = (body: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'pw-report-')), 'results.json');
  writeFileSync(file, JSON.stringify(body));
  return file;
};

test('a failed test is named in the summary with the first line of its error, colours stripped', () => {
  assert.deepEqual(playwrightCounts(written(report), 1), {
    passed: 1,
    failed: 1,
    failures: [
      'docs.spec.ts › the docs served › search finds an operation: Error: expect(locator).toBeInViewport() failed',
    ],
  });
});

test('a run that fails with no failed test (a crash in global setup) fails once, and says so', () => {
  const none = { ...report, stats: { expected: 1, unexpected: 0, flaky: 0 }, suites: [] };
  assert.deepEqual(playwrightCounts(written(none), 1), {
    passed: 1,
    failed: 1,
    failures: ['the run exited 1 with no failed test'],
  });
});

test('no report at all fails once, naming the missing file', () => {
  const { failed, failures } = playwrightCounts('/nonexistent/results.json', 1);
  assert.equal(failed, 1);
  assert.match(failures![0]!, /no report at \/nonexistent\/results\.json \(exit 1\)/);
});
