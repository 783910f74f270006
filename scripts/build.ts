// `npm run build` (and `prepack`, so `npm pack` always ships a fresh one): the installable package in build/ (issue
// 14, item 5). Node will not strip types from files under node_modules, so the package carries JavaScript: tsc
// compiles what tsconfig.build.json lists (the bin, the suite, the contract modules, the typed client, the Playwright
// config, the reference server of `store-api-conformance serve`, the reference App of `serve-app`), without type
// checking (`npm run typecheck` does that), and the files they read at run time are copied to the same places beside them: the bundled document
// (openapi/contract.ts), the source (quotes are checked, §1–§9), the docs page the server serves at /docs (built here
// by `npm run docs`, so the package never lacks it) with the two pages it links and the changelog it links as
// `../../openapi/CHANGELOG.md` (so that the page opens from the file too, build/reports/docs/index.html, which
// README.md links), and the suite's measured strength (conformance/strength.json, which every conformance-report.json
// carries).
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root, run } from './run.ts';

const out = join(root, 'build');
rmSync(out, { recursive: true, force: true });
const assets = [
  'openapi/dist/openapi.json',
  'openapi/source.txt',
  'reports/docs/index.html',
  'reports/docs/decisions.html',
  'reports/docs/source.html',
  'openapi/CHANGELOG.md',
  'conformance/strength.json',
];
for (const [command, args] of [
  [bin('tsc'), ['-p', 'tsconfig.build.json']],
  [process.execPath, [join(root, 'scripts/docs/main.ts')]],
] as const) {
  const code = run(command, [...args]);
  if (code !== 0) process.exit(code);
}
for (const file of assets) cpSync(join(root, file), join(out, file));
console.log(`build/: the suite, the reference server and the reference App, compiled, with ${assets.join(', ')}`);
