#!/usr/bin/env node
// `store-api-conformance`: the conformance suite as a command other teams install. Its options
// are the suite's settings (conformance/lib/settings.ts, one option each, named by flagOf), laid over the
// environment; the run, the shards, the merge and the exit status are bin/suite.ts's, as for `npm run conformance`.
// `app` runs the App suite (conformance/app/), which judges a shipping App, with the settings of its side.
import { parseArgs } from 'node:util';
import { envOfFlags, flagOf, SETTINGS, type Name, type Setting } from '../conformance/lib/settings.ts';
import { plain } from '../shared/markdown.ts';
import { defaultOf, isSwitch } from '../shared/settings.ts';
import { checkedSettings, EXIT, mergeShards, runApp, runShard, runSuite } from './suite.ts';
import { verify } from './verify.ts';

const names = Object.keys(SETTINGS) as Name[];
/** The settings of one side's run: its own and those of both (lib/settings.ts, `side`). */
const sideOf = (name: Name) => (SETTINGS[name] as Setting).side;
const of = (side: 'service' | 'app') => names.filter((n) => sideOf(n) === undefined || sideOf(n) === side);
const usage = (problem: string): never => {
  console.error(`${problem}\n(store-api-conformance --help lists the options)`);
  process.exit(EXIT.usage);
};

function help(): string {
  const option = (name: Name) => {
    const s: Setting = SETTINGS[name];
    return [
      `  --${flagOf(name)}${isSwitch(s) ? '' : ` <${plain(s.kind.accepts)}>`}`,
      `      ${plain(s.meaning)} (${s.env}; default: ${plain(defaultOf(s))})`,
    ].join('\n');
  };
  return [
    'Usage:',
    '  store-api-conformance --target URL [options] [-- playwright test arguments]',
    '  store-api-conformance --target URL --shard i/n [options]     one shard of a run, a blob report',
    '  store-api-conformance merge <dir of blob reports> [options]  the reports and verdict of every shard',
    '  store-api-conformance verify <conformance-report.json>       whether a report is complete and consistent',
    '  store-api-conformance serve [--port 8080 --demo …]            the reference server (serve --help: its options)',
    '  store-api-conformance serve-app [--port 8090 --secret S]       the reference shipping App (serve-app --help)',
    '  store-api-conformance app --rates-url URL [--labels-url URL] [--secret S] [options]',
    '                                                               the App suite: judges a shipping App (§4.5)',
    '  store-api-conformance proxy --target URL [--port 8081 …]      judges live traffic by the requirements (proxy --help)',
    '  store-api-conformance judge FILE.har [--target URL …]         judges recorded traffic the same way (judge --help)',
    '  store-api-conformance init [--from-openapi FILE] [--probe URL --clients FILE]',
    '                                                               drafts a dialect from your document or target (init --help)',
    '  store-api-conformance dialect check --target URL --dialect FILE [--clients FILE]',
    '                                                               tries every key of a dialect in seconds (dialect check --help)',
    '',
    'Options (each sets the setting named in brackets; an option wins over the environment and the config file):',
    ...of('service').map(option),
    '  --shard <i/n>',
    '      Runs shard i of n (Playwright --shard) into <report dir>/blob/shard-i-of-n.zip; merge them with `merge`.',
    '  --help',
    '',
    'Options of `app` (and of the list above, those not only of a run against an implementation: the report folder,',
    'profile, expected failures, request and run timeouts, --only, --area, --verbose, --config):',
    ...names.filter((n) => sideOf(n) === 'app').map(option),
    '',
    'Exit status: 0 every requirement that gates under the profile passed (a shard: its blob report was written);',
    '1 one failed, an expected failure is stale or unknown, or nothing ran; 2 a bad option or setting.',
  ].join('\n');
}

/** The options both sides take that are not of a run against an implementation alone (the report, the verdict). */
const REPORTING: Name[] = ['reportDir', 'profile', 'expectedFailures', 'config'];
/** One subcommand's help: its usage, and its own options; the run's (no subcommand) is `help()`. */
function helpOf(command: string | undefined): string {
  const option = (name: Name) => {
    const s: Setting = SETTINGS[name];
    return `  --${flagOf(name)}${isSwitch(s) ? '' : ` <${plain(s.kind.accepts)}>`}\n      ${plain(s.meaning)} (${s.env}; default: ${plain(defaultOf(s))})`;
  };
  const exit =
    'Exit status: 0 every requirement that gates under the profile passed; 1 one failed, an expected failure is stale or unknown, or nothing ran; 2 a bad option.';
  switch (command) {
    case 'merge':
      return [
        'Usage: store-api-conformance merge <dir of blob reports> [options]',
        '',
        "Merges the blob reports of a run's shards (--shard i/n) into the reports and the verdict of the whole run:",
        'results.json, summary.md, junit.xml, the HTML report and conformance-report.json, in the report folder.',
        '',
        'Options:',
        ...REPORTING.filter((n) => n in SETTINGS).map(option),
        '',
        exit,
      ].join('\n');
    case 'verify':
      return [
        'Usage: store-api-conformance verify <conformance-report.json>',
        '',
        "Checks that a run's report is complete and consistent (every requirement of this suite version present, the",
        'counts those of its statuses, the contract the one this suite knows), and prints its verdict. No options.',
        '',
        'Exit status: 0 a valid report, whatever its verdict; 1 an invalid one; 2 no readable report.',
      ].join('\n');
    case 'app':
      return [
        'Usage: store-api-conformance app --rates-url URL [--labels-url URL] [--secret S] [options]',
        '',
        "The App suite: plays the service's side of §4.5 and judges a shipping App's answers to signed rate and label",
        'requests (§2.10, §2.11). Without --rates-url it starts the reference App and judges it.',
        '',
        'Options of `app`:',
        ...names.filter((n) => sideOf(n) === 'app').map(option),
        '',
        'Options of both suites:',
        ...names.filter((n) => sideOf(n) === undefined).map(option),
        '',
        exit,
      ].join('\n');
    default:
      return help();
  }
}

// `serve`: the reference server with its own options (bin/serve.ts), loaded only then: it needs node:sqlite.
if (process.argv[2] === 'serve') process.exit(await (await import('./serve.ts')).serve(process.argv.slice(3)));
// `serve-app`: the reference shipping App with its own options (bin/serve-app.ts), loaded only then.
if (process.argv[2] === 'serve-app')
  process.exit(await (await import('./serve-app.ts')).serveApp(process.argv.slice(3)));
// `proxy`: the contract in live traffic (conformance/proxy/), loaded only then; `judge`: the same over a HAR file.
if (process.argv[2] === 'proxy')
  process.exit(await (await import('../conformance/proxy/cli.ts')).proxy(process.argv.slice(3)));
if (process.argv[2] === 'judge')
  process.exit(await (await import('../conformance/proxy/har.ts')).judgeHar(process.argv.slice(3)));
// `init`: a dialect drafted from the team's OpenAPI document or its live target (conformance/init/).
if (process.argv[2] === 'init')
  process.exit(await (await import('../conformance/init/cli.ts')).init(process.argv.slice(3)));
// `dialect check`: every key of a dialect file tried against the target, as a run starts with (conformance/check/).
if (process.argv[2] === 'dialect')
  process.exit(await (await import('../conformance/check/cli.ts')).dialectCheck(process.argv.slice(3)));
// What follows `--` goes to Playwright as it is (`-- --grep @products`).
const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const [own, extra] = dashes < 0 ? [argv, []] : [argv.slice(0, dashes), argv.slice(dashes + 1)];
const parse = () => {
  try {
    return parseArgs({
      args: own,
      allowPositionals: true,
      options: {
        ...Object.fromEntries(
          names.map((n) => [flagOf(n), { type: isSwitch(SETTINGS[n]) ? ('boolean' as const) : ('string' as const) }]),
        ),
        shard: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return usage((err as Error).message);
  }
};
const { values, positionals } = parse();
if (values.help) {
  console.log(helpOf(positionals[0]));
  process.exit(EXIT.passed);
}
Object.assign(process.env, envOfFlags(values));
const [command, dir, ...rest] = positionals;
// Each run takes its own side's options and those of both.
const side = command === 'app' ? 'app' : 'service';
const given = values as Record<string, unknown>;
const foreign = names.filter((n) => given[flagOf(n)] !== undefined && !of(side).includes(n));
if (foreign.length)
  usage(
    `${foreign.map((n) => `--${flagOf(n)}`).join(', ')}: ${side === 'app' ? 'not an option of `app`' : 'an option of `app` only'}`,
  );
if (command === 'merge') {
  if (dir === undefined || rest.length || values.shard) usage('merge takes one folder of blob reports, and no --shard');
  else process.exit(await mergeShards(dir));
}
if (command === 'verify') process.exit(rest.length ? EXIT.usage : await verify(dir));
if (command !== undefined && command !== 'app')
  usage(
    `Unknown command ${command}: the commands are a run (no command), merge, verify, serve, serve-app, app, proxy, judge, init and dialect check`,
  );
if (command === 'app') {
  if (dir !== undefined || values.shard) usage('app takes no argument and no --shard');
  // Its reports go to reports/app unless a report folder is given; set before the settings are read.
  await import('../conformance/app/report-dir.ts');
  process.exit(await runApp(extra));
}
// The installed suite has no reference server to start (the repository's `npm run conformance` does).
if (!checkedSettings().targetUrl)
  usage(`No target: give the base URL of the implementation under test, --target URL (or ${SETTINGS.targetUrl.env}).`);
process.exit(values.shard !== undefined ? await runShard(values.shard, extra) : await runSuite(extra));
