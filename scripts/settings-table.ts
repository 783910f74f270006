// npm run settings:table [-- --check]: rewrites README.md's two settings tables, each between its marker comments,
// from its one list: the suite's (conformance/lib/settings.ts) and the reference server's
// (reference-server/core/config.ts), both declared with the settings kit (shared/settings.ts). `--check` writes
// nothing and exits 1 when a table of the README is not what its list gives; settings-table.test.ts runs that check in
// npm test.
import { join } from 'node:path';
import * as suite from '../conformance/lib/settings.ts';
import * as server from '../reference-server/core/config.ts';
import { withTable } from '../shared/markdown.ts';
import { generate } from './generated.ts';
import { root } from './run.ts';

generate({
  path: join(root, 'README.md'),
  what: 'README.md: the settings tables',
  from: 'conformance/lib/settings.ts and reference-server/core/config.ts',
  command: 'npm run settings:table',
  text: (now) =>
    [suite, server].reduce(
      (markdown, list) => withTable(markdown, list.TABLE_START, list.TABLE_END, list.settingsTable()),
      now,
    ),
});
