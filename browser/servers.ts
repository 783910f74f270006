// The servers a browser test talks to, all on loopback and started by the test itself: the reference server and the
// Prism mock as child processes (as `npm run serve` and `npm run mock` start them; these tests never import the
// server), and the frontend page's own static server, in process, on another port: another origin, so that every
// call the page makes is a cross-origin one and CORS is really exercised.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { freePort, startServer, type ServerOptions } from '../shared/server-process.ts';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** `npm run docs`'s output, which the reference server also serves at /docs. */
export const docsPage = `${root}reports/docs/index.html`;
const host = '127.0.0.1';

export interface Started {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  stop(): Promise<unknown>;
}

/**
 * The reference server (`npm run serve`) on a free port, with its default App clients (openapi/clients.ts); with
 * `demo`, ready once the demo store is seeded (it seeds after it listens). Its output is kept for a failure's message.
 */
export const startReferenceServer = (options: ServerOptions = {}): Promise<Started> =>
  startServer({ cwd: root, onOutput: () => {}, ...options });

/** The Prism mock (`npm run mock`) on a free port: it prints a `listening on` line too. */
export async function startMock(): Promise<Started> {
  const port = await freePort();
  return startServer({
    command: [
      `${root}node_modules/.bin/prism`,
      'mock',
      '-h',
      host,
      '-p',
      String(port),
      `${root}openapi/dist/openapi.json`,
    ],
    cwd: root,
    onOutput: () => {},
  });
}

/** What a stopped proxy wrote (conformance/proxy/reports.ts), as far as the tests read it. */
export interface ProxyResults {
  exchanges: number;
  requirements: { id: string; status: 'pass' | 'fail'; reason?: string }[];
  violations: { id?: string; kind: string; reason: string }[];
  /** Answers that break the document where no requirement judged on the exchange covers them. */
  findings: { kind: string; reason: string }[];
}

/**
 * The proxy (`store-api-conformance proxy`, conformance/proxy/) on a free port in front of `target`, as a frontend
 * developer starts it; `results()` stops it (SIGTERM) and reads the results.json it writes on stop.
 */
export async function startProxy(
  target: string,
  reportDir: string,
): Promise<Started & { results(): Promise<ProxyResults> }> {
  const proxy = await startServer({
    command: [process.execPath, `${root}bin/store-api-conformance.ts`, 'proxy'],
    args: ['--target', target, '--port', '0', '--report-dir', reportDir],
    cwd: root,
    onOutput: () => {},
  });
  const results = async () => {
    await proxy.stop('SIGTERM', 15_000);
    return JSON.parse(readFileSync(`${reportDir}/results.json`, 'utf8')) as ProxyResults;
  };
  return { url: proxy.url, stop: () => proxy.stop('SIGTERM', 15_000), results };
}

/**
 * The frontend page (browser/frontend/) and what it imports, as a browser gets them without a build tool: the
 * typed client (client/index.ts) transpiled to JavaScript on each request (its types are erased; it imports only
 * openapi-fetch at run time), and openapi-fetch's ES module from node_modules, both named in the page's import map.
 */
const files: Record<string, () => { type: string; body: string }> = {
  '/': () => ({ type: 'text/html', body: readFileSync(`${root}browser/frontend/index.html`, 'utf8') }),
  '/app.js': () => ({ type: 'text/javascript', body: readFileSync(`${root}browser/frontend/app.js`, 'utf8') }),
  '/client/index.js': () => ({
    type: 'text/javascript',
    body: ts.transpileModule(readFileSync(`${root}client/index.ts`, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: 'index.ts',
    }).outputText,
  }),
  '/vendor/openapi-fetch.js': () => ({
    type: 'text/javascript',
    body: readFileSync(`${root}node_modules/openapi-fetch/dist/index.mjs`, 'utf8'),
  }),
};

/** Serves the frontend page on a free port of its own. */
export function startFrontend(): Promise<Started> {
  const server = createHttpServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return res.writeHead(404).end();
    const { type, body } = file();
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, host, () => {
      const a = server.address();
      resolve({
        url: `http://${host}:${typeof a === 'object' && a ? a.port : 0}`,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
