// `node instruments/outside/fill-todos.ts DRAFT DIALECT OUT`: what a team does with a draft of
// `store-api-conformance init` before its first run, played with the outside implementation's own dialect as the
// team's knowledge: each key the draft marks TODO gets that dialect's value (a key it leaves out stays ours); every
// guess of the draft stays as drafted, right or wrong. Then `npm run conformance:outside -- --dialect OUT` judges the
// implementation with it, to compare with its own dialect's run.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { todoKeysOf } from '../../conformance/init/write.ts';

const [draftFile, dialectFile, out] = process.argv.slice(2);
if (!draftFile || !dialectFile || !out) {
  console.error('usage: node instruments/outside/fill-todos.ts DRAFT DIALECT OUT');
  process.exit(2);
}
const text = readFileSync(draftFile, 'utf8');
const draft = (parse(text) ?? {}) as Record<string, unknown>;
const theirs = parse(readFileSync(dialectFile, 'utf8')) as Record<string, unknown>;
const todo = todoKeysOf(text);
const filled = todo.filter((k) => k in theirs);
for (const k of filled) draft[k] = theirs[k];
writeFileSync(out, stringify(draft));
console.log(
  `${out}: ${filled.length} TODO key(s) filled from ${dialectFile} (${filled.join(', ')}); left ours: ${todo.filter((k) => !filled.includes(k)).join(', ') || 'none'}`,
);
