// `store-api-conformance <subcommand> --help` prints that subcommand's usage and options, not the run's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { root } from './run.ts';

const helpOf = (...args: string[]) =>
  execFileSync(process.execPath, ['bin/store-api-conformance.ts', ...args, '--help'], { cwd: root, encoding: 'utf8' });

test('each subcommand has its own help; the run has the whole list', () => {
  const run = helpOf();
  assert.match(run, /^Usage:\n {2}store-api-conformance --target URL/);
  for (const [command, usage, own] of [
    ['merge', /^Usage: store-api-conformance merge <dir of blob reports>/, /--report-dir/],
    ['verify', /^Usage: store-api-conformance verify <conformance-report.json>/, /No options/],
    ['app', /^Usage: store-api-conformance app --rates-url URL/, /--rates-url <an http or https URL>/],
  ] as const) {
    const text = helpOf(command);
    assert.match(text, usage, command);
    assert.match(text, own, command);
    assert.notEqual(text, run, `${command} --help prints the run's help`);
    assert.doesNotMatch(text, /--shard <i\/n>/, `${command} --help lists the run's --shard`);
  }
});
