// npm run settings:table [-- --check]: rewrites README.md's two settings tables, each between its marker comments,
// from its one list: the suite's (conformance/lib/settings.ts) and the reference server's
// (reference-server/core/config.ts), both declared with the settings kit (shared/settings.ts). `--check` writes
// nothing and exits 1 when a table of the README is not what its list gives; settings-table.test.ts runs that check in
// npm test.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as suite from '../conformance/lib/settings.ts';
import * as server from '../reference-server/core/config.ts';
import { withTable } from '../shared/markdown.ts';
import { root } from './run.ts';

const lists = 'conformance/lib/settings.ts and reference-server/core/config.ts';
const readme = join(root, 'README.md');
const now = readFileSync(readme, 'utf8');
const generated = [suite, server].reduce(
  (markdown, list) => withTable(markdown, list.TABLE_START, list.TABLE_END, list.settingsTable()),
  now,
);
if (process.argv.includes('--check')) {
  if (generated !== now) {
    console.error(`README.md: the settings tables differ from ${lists}; run \`npm run settings:table\``);
    process.exit(1);
  }
  console.log('README.md: the settings tables are up to date');
} else if (generated === now) console.log('README.md: the settings tables are up to date');
else {
  writeFileSync(readme, generated);
  console.log(`README.md: settings tables rewritten from ${lists}`);
}
