// `api.call` is typed from the generated types: a suite call with a path, parameter or body field
// the document lacks must not compile. This test type-checks small calls with the project's own compiler options, so
// the typing cannot quietly decay to `any` (a loosened option, a changed helper type) while every test still passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/[/]$/, '');
const { config } = ts.readConfigFile(`${root}/tsconfig.json`, ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);

const cases: [string, string, boolean][] = [
  ['a valid call', `await api.call('updateProduct', { params: { id: 1 }, body: { data: { sku: 'A-1' } } })`, true],
  ['a valid filter', `await api.call('listProducts', { query: { 'id:min': 5, limit: 10 } })`, true],
  [
    'a misspelt body field',
    `await api.call('updateProduct', { params: { id: 1 }, body: { data: { skuu: 'A' } } })`,
    false,
  ],
  ['a misspelt path parameter', `await api.call('getProduct', { params: { idd: 1 } })`, false],
  ['a missing path parameter', `await api.call('getProduct')`, false],
  ['a query parameter the operation lacks', `await api.call('listProducts', { query: { 'title:in': 'a' } })`, false],
  [
    'a body field of the wrong type',
    `await api.call('updateProduct', { params: { id: 1 }, body: { data: { sku: 1 } } })`,
    false,
  ],
  ['an operationId the document lacks', `await api.call('listProduct', {})`, false],
  [
    'a deliberately invalid request, in the untyped form',
    `await api.untyped('getProduct', { params: { id: 'x' } })`,
    true,
  ],
];

// One program for all cases (a compile takes seconds): a file beside the suite's tests, one function per line.
const file = `${root}/conformance/tests/typed-call.check.ts`;
const source = [
  `import type { Api } from '../lib/api.ts';`,
  ...cases.map(([, call], i) => `export async function case${i}(api: Api) { ${call}; }`),
].join('\n');
const host = ts.createCompilerHost(options);
const getSourceFile = host.getSourceFile;
host.getSourceFile = (name, language, ...rest) =>
  name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
host.fileExists = (
  (exists) => (name: string) =>
    name === file || exists(name)
)(host.fileExists);
const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], options, host));
/** The compiler's error codes on the line of case `i`. */
const errorsOf = (i: number) =>
  diagnostics
    .filter((d) => d.file?.fileName === file && d.file.getLineAndCharacterOfPosition(d.start ?? 0).line === i + 1)
    .map((d) => `TS${d.code}`);

test('the check file itself compiles apart from its cases', () => {
  const elsewhere = diagnostics.filter(
    (d) => d.file?.fileName === file && d.file.getLineAndCharacterOfPosition(d.start ?? 0).line === 0,
  );
  assert.deepEqual(
    elsewhere.map((d) => d.code),
    [],
  );
});
cases.forEach(([what, call, compiles], i) =>
  test(`${what} ${compiles ? 'compiles' : 'does not compile'}`, () => {
    const errors = errorsOf(i);
    assert.equal(errors.length === 0, compiles, `${call}\n→ ${errors.join(', ') || 'no error'}`);
  }),
);
