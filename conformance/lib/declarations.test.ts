// The requirement files stay readable for a reviewer: a declaration is mostly its body, not its metadata; a file is one
// area a person reads in one sitting; an area is where a requirement is declared, never a field of its declaration.
// Measured on the files as written (prettier-formatted): a declaration's metadata lines are those from its first line
// up to the line where its body starts (1 when the body starts on its first line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const suiteDir = fileURLToPath(new URL('..', import.meta.url));
/** Every file that declares requirements: the suite's, and the App suite's. */
const files = [...globSync('requirements/**/*.ts', { cwd: suiteDir }), 'app/requirements.ts'].sort();
const MAX_AVERAGE = 2.5;
const MAX_LINES = 800;

interface Declaration {
  where: string;
  /** `requirement(`, `appRequirement(` or `.twin(`. */
  kind: string;
  metadataLines: number;
}

/** The declarations of a file: each call of requirement, appRequirement or .twin, with the body its `.test` gives. */
function declarationsOf(file: string): { declarations: Declaration[]; areas: string[] } {
  const sf = ts.createSourceFile(file, readFileSync(`${suiteDir}${file}`, 'utf8'), ts.ScriptTarget.Latest, true);
  const line = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
  const isFunction = (n: ts.Node) => ts.isArrowFunction(n) || ts.isFunctionExpression(n);
  const declarations: Declaration[] = [];
  const areas: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node))
      if (node.name.getText(sf) === 'area') areas.push(`${file}:${line(node) + 1}`);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const kind =
        ts.isIdentifier(callee) && ['requirement', 'appRequirement'].includes(callee.text)
          ? `${callee.text}(`
          : ts.isPropertyAccessExpression(callee) && callee.name.text === 'twin'
            ? '.twin('
            : undefined;
      // Its body: the function `.test(title, body)` is given, the call's parent's parent.
      const tested = node.parent.parent;
      const body =
        ts.isPropertyAccessExpression(node.parent) && node.parent.name.text === 'test' && ts.isCallExpression(tested)
          ? tested.arguments.find(isFunction)
          : undefined;
      if (kind && body) {
        const first = ts.isPropertyAccessExpression(callee) && kind === '.twin(' ? callee.name : node;
        declarations.push({
          where: `${file}:${line(first) + 1}`,
          kind,
          metadataLines: Math.max(1, line(body) - line(first)),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { declarations, areas };
}
const read = files.map(declarationsOf);
const all = read.flatMap((r) => r.declarations);
const average = (ds: Declaration[]) => ds.reduce((sum, d) => sum + d.metadataLines, 0) / ds.length;

test(`a declaration's metadata averages ${MAX_AVERAGE} lines or fewer`, (t) => {
  const calls = all.filter((d) => d.kind !== '.twin(');
  const twins = all.filter((d) => d.kind === '.twin(');
  assert.ok(calls.length > 200, `${calls.length} requirement( and appRequirement( calls found`);
  t.diagnostic(
    `metadata lines: ${average(calls).toFixed(2)} on average over ${calls.length} requirement( and appRequirement( ` +
      `calls, ${average(twins).toFixed(2)} over ${twins.length} .twin( calls, ${average(all).toFixed(2)} over all`,
  );
  const longest = [...all].sort((a, b) => b.metadataLines - a.metadataLines).slice(0, 3);
  t.diagnostic(`the longest: ${longest.map((d) => `${d.where} (${d.metadataLines})`).join(', ')}`);
  assert.ok(average(calls) <= MAX_AVERAGE, `requirement( calls average ${average(calls).toFixed(2)} lines`);
  assert.ok(average(all) <= MAX_AVERAGE, `declarations, twins included, average ${average(all).toFixed(2)} lines`);
});

test(`no requirement file is over ${MAX_LINES} lines`, () => {
  const long = files
    .map((file) => ({ file, lines: readFileSync(`${suiteDir}${file}`, 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > MAX_LINES);
  assert.deepEqual(long, []);
});

test('no declaration names its area: a requirement is of the area it is declared in', () => {
  assert.deepEqual(
    read.flatMap((r) => r.areas),
    [],
  );
});
