// npm run settings:table [-- --check]: rewrites README.md's table of the suite's settings, between its marker
// comments, from the one list in conformance/lib/settings.ts. `--check` writes nothing and exits 1 when the
// README's table is not what the list gives; conformance/lib/settings.test.ts makes the same check in npm test.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withSettingsTable } from '../conformance/lib/settings.ts';
import { root } from './run.ts';

const readme = join(root, 'README.md');
const now = readFileSync(readme, 'utf8');
const generated = withSettingsTable(now);
if (process.argv.includes('--check')) {
  if (generated !== now) {
    console.error(
      'README.md: the settings table differs from conformance/lib/settings.ts; run `npm run settings:table`',
    );
    process.exit(1);
  }
  console.log('README.md: the settings table is up to date');
} else if (generated === now) console.log('README.md: the settings table is up to date');
else {
  writeFileSync(readme, generated);
  console.log('README.md: settings table rewritten from conformance/lib/settings.ts');
}
