// `npm run contract:diff [-- --base <git ref>] [--json FILE]`: the contract's changes from a base to the working tree,
// each with its rule, level and location; for each breaking change, the conformance requirements, faults and generated
// client types it touches. Exit 1 on a breaking change that openapi/accepted-changes.yaml does not accept, or on an
// acceptance that names no change (stale); 2 on bad input (an unknown ref, an unreadable acceptances file).
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { contractDiff, DiffError } from './contract/run.ts';

const usage = (problem: string): never => {
  console.error(`${problem}\nUsage: npm run contract:diff -- [--base <git ref>] [--json FILE]`);
  process.exit(2);
};
let values: { base?: string; json?: string };
try {
  ({ values } = parseArgs({ options: { base: { type: 'string' }, json: { type: 'string' } } }));
} catch (err) {
  usage((err as Error).message);
}
try {
  const result = await contractDiff({ base: values!.base });
  console.log(result.text);
  if (values!.json) writeFileSync(values!.json, JSON.stringify(result.json, null, 2));
  process.exit(result.passed ? 0 : 1);
} catch (err) {
  if (!(err instanceof DiffError)) throw err;
  console.error(err.message);
  process.exit(2);
}
