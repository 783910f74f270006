// The servers a browser test talks to, all on loopback and started by the test itself: the reference server and the
// Prism mock as child processes (as `npm run serve` and `npm run mock` start them; these tests never import the
// server), and the frontend page's own static server, in process, on another port: another origin, so that every
// call the page makes is a cross-origin one and CORS is really exercised.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** `npm run docs`'s output, which the reference server also serves at /docs. */
export const docsPage = `${root}reports/docs/index.html`;
const host = '127.0.0.1';

export interface Started {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createNetServer().listen(0, host, () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** Spawns a server and waits for the line that says it listens; `listening` reads the URL from that line. */
function spawnServer(name: string, command: string, args: string[], listening: RegExp, url?: string): Promise<Started> {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${name} did not start within 60 s:\n${output}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
    const read = (d: Buffer) => {
      output += d.toString();
      const match = listening.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', read);
      resolve({ url: url ?? match[1]!, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  });
}

/**
 * The reference server (`npm run serve`) on a free port, with its default App clients (openapi/clients.ts); with
 * `--demo`, ready once the demo store is seeded (it seeds after it listens).
 */
export const startReferenceServer = (args: string[] = []) =>
  spawnServer(
    'the reference server',
    process.execPath,
    [`${root}reference-server/server.ts`, '--host', host, '--port', '0', ...args],
    args.includes('--demo') ? /listening on (http:\/\/\S+)[\s\S]*demo store seeded/ : /listening on (http:\/\/\S+)/,
  );

/** The Prism mock (`npm run mock`) on a free port. */
export async function startMock(): Promise<Started> {
  const port = await freePort();
  return spawnServer(
    'the Prism mock',
    `${root}node_modules/.bin/prism`,
    ['mock', '-h', host, '-p', String(port), `${root}openapi/dist/openapi.json`],
    /Prism is listening/,
    `http://${host}:${port}`,
  );
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
