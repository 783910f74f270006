// `npm run contract:release [-- --base <git ref>]`: a release of the contract. The changes since the last release
// (contract:diff's, which must pass: every breaking change accepted) decide the next version under semantic versioning
// (scripts/contract/changes.ts nextVersion); this writes it into openapi/openapi.yaml, adds the changelog entry to
// openapi/CHANGELOG.md (the accepted reasons beside their changes), empties openapi/accepted-changes.yaml (its
// entries are released) and re-bundles. The commit and the tag `contract-v<version>` are left to the releaser.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { changelogEntry, nextVersion, parseAcceptances } from './contract/changes.ts';
import { acceptancesFile, contractDiff, DiffError } from './contract/run.ts';
import { root, run } from './run.ts';

const fail = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};
let base: string | undefined;
try {
  ({
    values: { base },
  } = parseArgs({ options: { base: { type: 'string' } } }));
} catch (err) {
  fail(`${(err as Error).message}\nUsage: npm run contract:release -- [--base <git ref>]`);
}
const result = await contractDiff({ base }).catch((err: unknown) =>
  err instanceof DiffError ? fail(err.message) : Promise.reject(err),
);
if (!result.passed) fail(`${result.text}\n\nNo release: the contract diff must pass first.`, 1);
const significant = result.changes.filter((c) => !c.rule.startsWith('document-info'));
if (!significant.length)
  fail(`No change to the contract since ${result.base.ref ?? 'the committed bundle'}: nothing to release.`, 1);

const version = nextVersion(result.base.version, result.changes);
const yamlFile = join(root, 'openapi/openapi.yaml');
const yaml = readFileSync(yamlFile, 'utf8');
if (!/^ {2}version: .*$/m.test(yaml)) fail('openapi/openapi.yaml: no `  version:` line under info');
writeFileSync(yamlFile, yaml.replace(/^ {2}version: .*$/m, `  version: ${version}`));

const accepted = parseAcceptances(readFileSync(acceptancesFile, 'utf8'), acceptancesFile);
const changelogFile = join(root, 'openapi/CHANGELOG.md');
const changelog = readFileSync(changelogFile, 'utf8');
const firstEntry = changelog.indexOf('\n## ');
const entry = changelogEntry(version, new Date().toISOString().slice(0, 10), result.changes, accepted);
writeFileSync(
  changelogFile,
  firstEntry < 0
    ? `${changelog.trimEnd()}\n\n${entry}`
    : `${changelog.slice(0, firstEntry + 1)}${entry}\n${changelog.slice(firstEntry + 1)}`,
);
const acceptances = readFileSync(acceptancesFile, 'utf8');
writeFileSync(
  acceptancesFile,
  `${acceptances
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .join('\n')}\n[]\n`,
);
if (run('npm', ['run', '--silent', 'spec']) !== 0)
  fail('npm run spec failed: the bundle and types are not regenerated', 1);
console.log(
  [
    `Contract ${result.base.version} → ${version} (${result.changes.filter((c) => c.level === 'breaking').length} breaking change(s) since ${result.base.ref ?? 'the committed bundle'}).`,
    'Written: openapi/openapi.yaml (info.version), openapi/dist/, openapi/CHANGELOG.md; openapi/accepted-changes.yaml emptied.',
    `Then: git commit -am 'contract ${version}' && git tag -a contract-v${version} -m 'contract ${version}'`,
  ].join('\n'),
);
