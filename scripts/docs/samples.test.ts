// Every curl sample of the docs page (samples.ts), run as a reader would run it: in bash, against a reference server
// started for the test on a free loopback port, with the variables the samples read filled in. Each must answer the
// operation's documented success status. Ids are the store's to give (§2.1), so a sample's path variables are
// filled with resources made first by the samples of their own add operations (which count as those operations'
// runs), and deletes run last, children first, so that nothing another sample needs is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { baseClients } from '../../openapi/clients.ts';
import { operations, resolvePointer, type Json, type Operation } from '../../openapi/contract.ts';
import { startReference, type ServerProcess } from '../../shared/server-process.ts';
import { curlSample, referencesOf, referent } from './samples.ts';

const exec = promisify(execFile);
const { clientId, clientSecret } = baseClients.full;

const bodyOf = (o: Operation) => resolvePointer(o.pointer).requestBody;
const successOf = (o: Operation) => Object.keys(o.responses).find((s) => s.startsWith('2'))!;
/** `/api/v2/products/{productId}/media.json` and `/api/products/{productId}/media.json` name one collection. */
const unversioned = (path: string) => path.replace('/api/v2/', '/api/');
const adds = operations.filter((o) => o.method === 'POST' && successOf(o) === '201' && o.path.endsWith('.json'));

/** The add operation that makes what a path parameter names: the collection of the path up to that parameter. */
function adderOf(o: Operation, param: string): Operation {
  const at = o.path.indexOf(`{${param}}`);
  const collection = unversioned(`${o.path.slice(0, at - 1)}.json`);
  const adder = adds.find((a) => unversioned(a.path) === collection);
  assert.ok(adder, `${o.operationId}: no add operation makes {${param}} (${collection})`);
  return adder;
}

/** The object of an operation's example body that holds `field` (a redirect's `resource` beside `resourceId`). */
function findSibling(o: Operation, field: string): Record<string, Json> {
  let found: Record<string, Json> = {};
  const walk = (v: Json): void => {
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === field) found = v;
      else walk(x);
    }
  };
  walk(o.requestExample);
  return found;
}

/** The id in an add's answer: the resource's, in whatever wrapper the operation uses (D-01, D-11). */
const idOf = (body: Json): number =>
  (Object.values(body as Record<string, Json>).find((v) => v && typeof v === 'object' && 'id' in v) as Json).id;

test('every curl sample of the docs answers its documented success against the reference server', async (t) => {
  const server: ServerProcess = await startReference();
  t.after(() => server.stop());
  const env = (vars: Record<string, string>) => ({
    PATH: process.env.PATH ?? '',
    BASE_URL: server.url,
    AUTH_URL: server.url,
    CLIENT_ID: clientId,
    CLIENT_SECRET: clientSecret,
    ...vars,
  });

  /** Runs one sample in bash; the status comes from curl's `-w`, appended to the sample's command. */
  async function run(o: Operation, vars: Record<string, string>) {
    const sample = curlSample(o, bodyOf(o));
    const { stdout } = await exec('bash', ['-c', `${sample} -w '\\n%{http_code}'`], { env: env(vars) });
    const at = stdout.lastIndexOf('\n');
    const [body, status] = [stdout.slice(0, at), stdout.slice(at + 1)];
    assert.equal(status, successOf(o), `${o.operationId}: ${sample}\nanswered ${status}: ${body}`);
    return body;
  }

  const token = operations.find((o) => o.security === null && o.path === '/admin/oauth/token.json')!;
  const TOKEN = (JSON.parse(await run(token, {})) as { access_token: string }).access_token;

  /** What each add made, by operation and parent ids, so that each add sample runs once per parent. */
  const made = new Map<string, number>();
  async function varsFor(o: Operation): Promise<Record<string, string>> {
    const vars: Record<string, string> = { TOKEN };
    for (const p of o.parameters.filter((x) => x.in === 'path')) {
      const adder = adderOf(o, p.name);
      vars[p.name] = String(await make(adder));
    }
    for (const [field] of referencesOf(o)) {
      vars[field] = String(await make(referent(field, findSibling(o, field))!));
    }
    return vars;
  }
  async function make(adder: Operation): Promise<number> {
    const vars = await varsFor(adder);
    const key = `${adder.operationId} ${JSON.stringify(vars)}`;
    if (!made.has(key)) made.set(key, idOf(JSON.parse(await run(adder, vars))));
    return made.get(key)!;
  }

  // Reads and adds first, then updates (an update may make a resource unusable to another, such as a shipping service
  // made inactive), then deletes: what refers to others (by path or body) before what it refers to.
  const kind = (o: Operation) => (o.method === 'DELETE' ? 2 : o.operationId.startsWith('update') ? 1 : 0);
  const depth = (adder: Operation): number =>
    1 +
    Math.max(
      0,
      ...adder.parameters.filter((p) => p.in === 'path').map((p) => depth(adderOf(adder, p.name))),
      ...referencesOf(adder).map(([field]) => depth(referent(field, findSibling(adder, field))!)),
    );
  const deleted = (o: Operation) => depth(adderOf(o, o.parameters.filter((p) => p.in === 'path').at(-1)!.name));
  const order = [
    ...operations.filter((o) => kind(o) === 0),
    ...operations.filter((o) => kind(o) === 1),
    ...operations.filter((o) => kind(o) === 2).sort((a, b) => deleted(b) - deleted(a)),
  ];
  for (const o of order) {
    if (o === token) continue;
    await t.test(`${o.operationId}: ${o.method} ${o.path} answers ${successOf(o)}`, async () => {
      if (adds.includes(o)) await make(o);
      else await run(o, await varsFor(o));
    });
  }
});
