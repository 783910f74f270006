// dependency-cruiser: no import cycles, and layers that only point down. `npm run deps` cruises the repository's
// code folders (package.json lists them) and exits non-zero on any violation (every rule is an error).
// Paths are matched from the repository root. Type imports count (tsPreCompilationDeps): a cycle made only of
// `import type` still ties the modules together for a reader, as one did (app.ts → … → handlers/types.ts
// → app.ts).

/** The repository's own code, as opposed to node: built-ins and npm packages (which every layer may use). */
const own =
  '^(reference-server|reference-app|instruments|conformance|openapi|scripts|shared|client|bin|browser|robustness)/';
/**
 * Tests sit beside the module they test and may build the whole app to test it through HTTP, so they are the top of
 * every layer, not a part of it: the layer rules below skip them. They still count for cycles (a test is imported by
 * nothing, so it cannot close one), for the suite/server separation and for the instruments.
 */
const tests = '[.]test[.]ts$';
const server = 'reference-server';
const domain = `${server}/(resources|contacts|shipping|webhooks)/`;

/** The leaves every layer may import (shared/README.md): they import none of the layers. */
const shared = '^shared/';

/**
 * A layer of the reference server that may import only `allowed` (regular expressions) of the repository's code,
 * besides the shared leaves.
 */
const layer = (name, comment, from, allowed) => ({
  name,
  severity: 'error',
  comment,
  from: { path: from, pathNot: tests },
  to: { path: own, pathNot: [allowed, shared].flat() },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle (type imports included): the modules of a cycle can only be understood, tested and loaded ' +
        'together, and the layers below cannot point only down if one exists.',
      from: { path: own },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import dependency-cruiser cannot resolve is one it cannot check for cycles or layers; tsc reports the ' +
        'same import as an error, so this only fails when the two disagree.',
      // The frontend page's imports are names of its import map (browser/frontend/index.html), resolved by the
      // browser, not by Node; the generated-client checks import what `npm run spec:clients` generates into reports/.
      from: { path: own, pathNot: '^(browser/frontend/|scripts/clients/([^/]+[.]check|call)[.]ts$)' },
      to: { couldNotResolve: true },
    },
    {
      name: 'suite-never-imports-server',
      severity: 'error',
      comment:
        'The conformance suite judges ANY implementation black-box, over HTTP, reading only the contract ' +
        '(conformance/README.md): importing the reference server, or the instruments that patch it, would let it ' +
        'depend on what it judges.',
      // bin/ runs the suite as an installed command; its `serve` and `serve-app` subcommands (bin/serve.ts,
      // bin/serve-app.ts) are the server's and the reference App's own command lines and are no part of the suite:
      // bin/serve.ts composes the server with the reference App (`--demo`) and the instruments (FAULTS, VARIANTS).
      // browser/ tests a frontend and the docs against servers it spawns, as a frontend developer runs them
      // (browser/README.md). The reference App is judged black-box too, as any App is.
      from: { path: '^(conformance|bin|browser)/', pathNot: '^bin/serve(-app)?[.]ts$' },
      to: { path: `^(${server}|reference-app|instruments)/` },
    },
    {
      name: 'shared-leaves-import-only-node-and-the-contract',
      severity: 'error',
      comment:
        'shared/ holds the leaves the suite, the server, the reference App and the tools all use (starting the ' +
        'server as a process, shell quoting, the settings kit, the error envelope, signatures, reading a body, the ' +
        'connection limits, money; shared/README.md): built on node: built-ins and the contract module only, they ' +
        'carry nothing of one user into another (the suite starts the server through them, never imports it; the ' +
        'server and the App share them, neither imports the other).',
      from: { path: shared },
      to: { pathNot: [shared, '^openapi/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'product-never-imports-scripts',
      severity: 'error',
      comment:
        'scripts/ is the task runner, the top of the repository: the suite and its command, the reference server, ' +
        'the reference App and the typed client ship (build/, tsconfig.build.json) and run without it, so none of ' +
        'them imports it, tests included; what they share with the scripts lives in shared/.',
      from: { path: '^(conformance|bin|reference-server|reference-app|client)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'fuzzer-talks-http',
      severity: 'error',
      comment:
        'The fuzzer attacks a server from outside, over HTTP, reading only the contract (robustness/README.md): ' +
        'it spawns the reference server, never imports it, so it judges any target the same way.',
      // The crash test too: it kills and restarts the server as a process (robustness/README.md).
      from: { path: '^robustness/(fuzz|crash)' },
      to: { path: `^${server}/` },
    },
    {
      name: 'contract-imports-no-consumer',
      severity: 'error',
      comment:
        'openapi/ (the contract module, the default clients, the contract tests) is what the server, the suite, the ' +
        'scripts and the shared leaves read; it reads none of them, so each of them can use it without pulling in ' +
        'another.',
      from: { path: '^openapi/' },
      to: { path: `^(${server}|conformance|scripts|shared|client|bin|browser|robustness)/` },
    },
    {
      name: 'client-reads-only-the-generated-types',
      severity: 'error',
      comment:
        'client/ is what frontends and implementers import, in a browser too: at run time it ' +
        'needs only openapi-fetch, and of the repository only the generated types, which are erased.',
      from: { path: '^client/', pathNot: tests },
      to: { path: own, pathNot: ['^client/', '^openapi/dist/types[.]ts$'] },
    },
    layer(
      'core-is-the-bottom',
      'reference-server/core/ (config, the App URL rule, private addresses) is what every layer may use, so it uses ' +
        'none of them: node:, npm and the shared leaves only.',
      `^${server}/core/`,
      `^${server}/core/`,
    ),
    layer(
      'store-uses-core-and-contract',
      'reference-server/store/ (tables, database, storage) sits on core and the contract module only: the domain ' +
        'and HTTP layers build on it, never the other way round (store/schema.ts imported a handler).',
      `^${server}/store/`,
      [`^${server}/(core|store)/`, '^openapi/contract[.]ts$'],
    ),
    layer(
      'domain-uses-core-store-contract',
      'The domain folders (resources, contacts, shipping, webhooks) hold the rules of the API on top of the store; ' +
        'they know nothing of HTTP or handlers. They may use each other (no-circular keeps that acyclic).',
      `^${domain}`,
      [`^${server}/(core|store)/`, `^${domain}`, '^openapi/'],
    ),
    layer(
      'http-uses-layers-below',
      'reference-server/http/ (routes, auth, validation) maps HTTP onto the domain; the handlers and the app are ' +
        'built on it.',
      `^${server}/http/`,
      [`^${server}/(core|store|http)/`, `^${domain}`, '^openapi/'],
    ),
    layer(
      'handlers-use-layers-below',
      'reference-server/handlers/ may use every layer below; only the app (app.ts, dispatch.ts, seams.ts, cli.ts, ' +
        'server.ts) assembles them, so nothing below may reach up to it (handlers/types.ts imported app.ts).',
      `^${server}/handlers/`,
      [`^${server}/(core|store|http|handlers)/`, `^${domain}`, '^openapi/'],
    ),
    layer(
      'demo-talks-to-the-api',
      'reference-server/demo/ seeds the demo store over HTTP, through the API its data must pass (demo/README.md), ' +
        'with the typed client: it reads the contract, the client and core settings only, never the store, the ' +
        'domain or the handlers.',
      `^${server}/demo/`,
      [`^${server}/(core|demo)/`, '^openapi/', '^client/'],
    ),
    {
      name: 'reference-app-uses-the-contract-and-shared-leaves',
      severity: 'error',
      comment:
        'reference-app/ is a shipping App of its own, which a provider reads as one (reference-app/README.md): it ' +
        'is built on the contract module and the shared leaves (the error envelope, signatures, reading a body, the ' +
        'connection limits, errors from ajv, money), tests included.',
      from: { path: '^reference-app/' },
      to: { path: own, pathNot: ['^reference-app/', '^openapi/', shared] },
    },
    {
      name: 'reference-app-never-imports-the-server',
      severity: 'error',
      comment:
        'The reference App and the reference server are two programs, each read on its own: what they share is in ' +
        'shared/, and the App never reaches into the server (tests included).',
      from: { path: '^reference-app/' },
      to: { path: `^${server}/` },
    },
    {
      name: 'server-never-imports-the-app',
      severity: 'error',
      comment:
        'The reference server never imports the reference App, tests included: `--demo` starts the App beside it ' +
        'through what its command line is given (cli.ts, `Composition`), composed in bin/serve.ts.',
      from: { path: `^${server}/` },
      to: { path: '^reference-app/' },
    },
    {
      name: 'server-never-imports-instruments',
      severity: 'error',
      comment:
        'instruments/ (the faults and the benign variants, and their runners) test the suite by patching one app ' +
        'through its seams (instruments/README.md); the reference server never carries a fault or a variant ' +
        'behaviour and never loads one, its command line included: bin/serve.ts applies FAULTS and VARIANTS through ' +
        'the patch its command line is given, so the server runs without the folder.',
      from: { path: `^${server}/` },
      to: { path: '^instruments/' },
    },
    {
      name: 'instruments-stay-out',
      severity: 'error',
      comment:
        'Nothing but the instruments themselves and the composition of the server (bin/serve.ts: FAULTS, VARIANTS, ' +
        'through a dynamic import made only when one is asked for) imports them: the scripts run their runners as ' +
        'processes (scripts/test.ts), and the suite never imports them (suite-never-imports-server).',
      from: { pathNot: ['^bin/serve[.]ts$', '^instruments/'] },
      to: { path: '^instruments/' },
    },
    {
      name: 'suite-library-never-imports-the-app-suite',
      severity: 'error',
      comment:
        'conformance/lib/ is the library both suites are built on; the App suite (conformance/app/) is one of its ' +
        'users, so the library never imports it: what both need of the callbacks is in lib/callbacks.ts, and an App ' +
        "requirement's body is typed by the App suite (appRequirement<AppCaller>).",
      from: { path: '^conformance/lib/' },
      to: { path: '^conformance/app/' },
    },
    {
      name: 'suite-library-never-imports-the-requirements',
      severity: 'error',
      comment:
        'conformance/lib/ is what the requirements are declared with; the requirements (conformance/requirements/) ' +
        'are its users, so the library never imports them: whoever needs them all loads them (suite.spec.ts, ' +
        'bin/verify.ts) and the library reads what was declared.',
      from: { path: '^conformance/lib/' },
      to: { path: '^conformance/requirements/' },
    },
    {
      name: 'suite-library-never-imports-the-proxy',
      severity: 'error',
      comment:
        "conformance/proxy/ judges traffic with the requirements' judgements (conformance/lib/judging/); the library " +
        'and the requirements are what it is built on, so neither imports it.',
      from: { path: '^conformance/(lib|requirements|app)/' },
      to: { path: '^conformance/proxy/' },
    },
    {
      name: 'requirements-and-app-suite-apart',
      severity: 'error',
      comment:
        'The service requirements (conformance/requirements/) and the App suite (conformance/app/) are two users of ' +
        'the library: what both need is in conformance/lib/ (lib/callbacks.ts), never in one another.',
      from: { path: '^conformance/(requirements|app)/' },
      to: { path: '^conformance/(app|requirements)/', pathNot: '^conformance/$1/' },
    },
  ],
  options: {
    // Type imports are dependencies too (see the top of the file).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages as Node does, through `exports` with its `default` condition: without it a package whose
    // `exports` names only `types` and `default` (@sparticuz/chromium, used by browser/) is unresolvable.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    doNotFollow: { path: 'node_modules' },
    // Generated output and installs; openapi/dist/types.ts stays in (the server and the suite import its types).
    exclude: { path: ['^node_modules/', '^reports/', '^build/', '^openapi/dist/openapi[.]json$'] },
  },
};
