// `store-api-conformance <subcommand> --help` prints that subcommand's usage and options, not the run's, and exits 0.
// One row per subcommand (HELP): its usage line, and a line only its own help has. `serve` and `serve-app` end theirs
// with the Node they need (bin/serve.ts, SERVE_NODE), which scripts/package.test.ts checks on a Node older than that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { SERVE_NODE } from '../bin/serve.ts';
import { root } from './run.ts';

const helpOf = (...args: string[]) => {
  const res = spawnSync(process.execPath, ['bin/store-api-conformance.ts', ...args, '--help'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, `${args.join(' ')} --help: ${res.stderr}`);
  assert.equal(res.stderr, '', `${args.join(' ')} --help writes nothing to stderr`);
  return res.stdout;
};

const serveNode = SERVE_NODE.replace(/\.0$/, '').replaceAll('.', '\\.');
/** Each subcommand's help: [the subcommand as typed, its first line, a line of its own options]. */
const HELP: [command: string[], usage: RegExp, own: RegExp][] = [
  [['merge'], /^Usage: store-api-conformance merge <dir of blob reports>/, /--report-dir/],
  [['verify'], /^Usage: store-api-conformance verify <conformance-report.json>/, /No options/],
  [['dialect', 'check'], /^Usage: store-api-conformance dialect check --target URL/, /--dialect/],
  [['init'], /^Usage: store-api-conformance init \[--from-openapi FILE\]/, /^ {2}--probe <URL>$/m],
  [['app'], /^Usage: store-api-conformance app --rates-url URL/, /--rates-url <an http or https URL>/],
  [['proxy'], /^Usage: store-api-conformance proxy --target URL/, /^ {2}--max-body <bytes>/m],
  [
    ['judge'],
    /^Usage: store-api-conformance judge FILE\.har/,
    /^ {2}--report-dir <dir> +where the reports go \(default reports\/judge\)/m,
  ],
  [
    ['serve'],
    /^Usage: store-api-conformance serve \[options\]/,
    new RegExp(
      `^ {2}--demo$[\\s\\S]*\\n\\nRuns on Node\\.js ${serveNode} or later, 23 excepted \\(node:sqlite\\); this is v[\\d.]+\\.\\n(?![\\s\\S])`,
      'm',
    ),
  ],
  [
    ['serve-app'],
    /^Usage: store-api-conformance serve-app \[options\]/,
    new RegExp(
      `^ {2}--secret <text>$[\\s\\S]*\\n\\nRuns on Node\\.js ${serveNode} or later \\(node:zlib's crc32\\); this is v[\\d.]+\\.\\n(?![\\s\\S])`,
      'm',
    ),
  ],
];

/** The run's help (no subcommand), once. */
let runHelp: string | undefined;
const run = () => (runHelp ??= helpOf());

test('the run has the whole list of options and of subcommands', () => {
  assert.match(run(), /^Usage:\n {2}store-api-conformance --target URL/);
  for (const [command] of HELP)
    assert.match(run(), new RegExp(`^ {2}store-api-conformance ${command.join(' ')} `, 'm'));
});

for (const [command, usage, own] of HELP)
  test(`${command.join(' ')} --help prints its own usage and options`, () => {
    const text = helpOf(...command);
    assert.match(text, usage);
    assert.match(text, own);
    assert.notEqual(text, run(), "it prints the run's help");
    assert.doesNotMatch(text, /--shard <i\/n>/, "it lists the run's --shard");
  });
