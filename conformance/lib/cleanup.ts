// What the suite leaves on the target, and its removal: a team runs the suite again and again against one
// long-lived server (its staging server), which must not fill up with the suite's data. Most of that data is inert,
// but some keeps the target working after the run: a webhook subscription gets a delivery of every later event of its
// topics (D-23), retried when its URL does not answer (the suite's receiver is gone after the run), and an active
// shipping service is asked for rates at every checkout of the account (§4.5, D-22). Every such resource created with
// a 2xx answer is recorded with the client that made it (an append-only file in the report directory: the workers
// are separate processes), and global teardown deletes them all with that client's token. With CONFORMANCE_CLEANUP
// (`--cleanup`) the inert data is recorded and deleted too: every top-level resource it made (its delete operation
// has one path parameter; what hangs under a product, a specification, goes with it).
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { op, type Json } from './contract.ts';
import { config, type ClientRole } from './config.ts';
import { recordExchange, type Exchanged } from './har.ts';

/** The create operations whose results cause work on the target after the run, and the operation deleting each. */
export const leftovers: Record<string, string> = {
  createWebhook: 'deleteWebhook',
  createShippingService: 'deleteShippingService',
};

/**
 * What `--cleanup` deletes besides, in the order of deletion: what points at a product, a role or a geozone first
 * (inventory names a product, a contact its roles), the resources pointed at last.
 */
export const inert: string[][] = [
  ['createInventory', 'createRedirect', 'createContact'],
  ['createProduct', 'createSpecification'],
  ['createAccessRole', 'createGeozone'],
];
const deleteOf = (create: string) => leftovers[create] ?? `delete${create.slice('create'.length)}`;
/** The phases of deletion of this run: what always goes, then what `--cleanup` adds. */
const phases = () => [Object.keys(leftovers), ...(config.cleanup ? inert : [])];

/** Who made it: a client role, whose token the setup project wrote, or a token given outright. */
type Maker = ClientRole | { token: string };
interface Made {
  create: string;
  id: string | number;
  as: Maker;
}

const madeFile = () => `${config.reportDir}/.created.jsonl`;

/** Global setup: the last run's record goes first (its ids may be another target's). */
export function resetLeftovers(): void {
  rmSync(madeFile(), { force: true });
}

/** Records a resource the target created (2xx) that must be deleted after the run; one line, appended atomically. */
export function record(operationId: string, res: { status: number; body: Json }, as: Maker | 'none'): void {
  if (!phases().flat().includes(operationId) || res.status < 200 || res.status > 299 || as === 'none') return;
  // The resource is the answer's one object under its wrapper (`data`, `shippingService`: the request's, D-01).
  const created = Object.values((res.body ?? {}) as Record<string, Json>).find(
    (v) => v && typeof v === 'object' && !Array.isArray(v) && 'id' in v,
  );
  const id = created?.id;
  if (typeof id !== 'number' && typeof id !== 'string') return;
  appendFileSync(madeFile(), `${JSON.stringify({ create: operationId, id, as } satisfies Made)}\n`);
}

/**
 * Global teardown: deletes what `record` wrote down, with the token of the client that made it (`tokenOf`: the
 * setup project's tokens). A 404 is a resource its requirement deleted already. Never throws: a resource left
 * behind is one warning line (what, and what the target answered), not a failed run.
 */
export async function removeLeftovers(targetUrl: string, tokenOf: (role: ClientRole) => string): Promise<string[]> {
  if (!existsSync(madeFile())) return [];
  const made = readFileSync(madeFile(), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Made);
  const lines: string[] = [];
  const deleted = new Map<string, number>();
  for (const phase of phases()) {
    const work = made.filter((m) => phase.includes(m.create));
    // A few at a time: the target may be a small staging server.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let m = work.shift(); m; m = work.shift()) {
          const remove = op(deleteOf(m.create));
          const url = `${targetUrl}${remove.path.replace(/\{\w+\}/, encodeURIComponent(String(m.id)))}`;
          let traffic: Omit<Exchanged, 'ms'> | undefined;
          try {
            const token = typeof m.as === 'object' ? m.as.token : tokenOf(m.as);
            const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
            traffic = { started: Date.now(), method: remove.method, url, headers, by: 'cleanup' };
            const res = await fetch(url, {
              method: remove.method,
              headers,
              signal: AbortSignal.timeout(config.requestTimeoutMs),
            });
            const response = { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
            recordExchange({ ...traffic, ms: Date.now() - traffic.started, response });
            if (res.ok || res.status === 404) deleted.set(m.create, (deleted.get(m.create) ?? 0) + 1);
            else lines.push(`warning: could not delete ${remove.method} ${url}: the target answered ${res.status}`);
          } catch (err) {
            const error = (err as Error).message;
            if (traffic) recordExchange({ ...traffic, ms: Date.now() - traffic.started, error });
            lines.push(`warning: could not delete ${remove.method} ${url}: ${error}`);
          }
        }
      }),
    );
  }
  const counts = phases()
    .flat()
    .filter((create) => create in leftovers || deleted.has(create))
    .map((create) => `${deleted.get(create) ?? 0} by ${deleteOf(create)}`)
    .join(', ');
  return [
    `cleanup: ${made.length - lines.length} of ${made.length} resources the suite made removed (${counts})`,
    ...lines,
  ];
}
