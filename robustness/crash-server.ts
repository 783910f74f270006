// The two processes the crash test talks to over HTTP: the reference server as a child process on a file database
// (started, SIGKILLed and restarted on the same file and port), and the App's webhook receiver, which the harness
// runs itself and which records every delivery as it arrived (D-16, D-17, D-23).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validatorFor } from '../openapi/validators.ts';
import { startServer, type ServerProcess } from '../shared/server-process.ts';

/**
 * The reference server as the process a crash kills: `node bin/serve-main.ts --db <file> --port <port>`,
 * started again on the same file and port after each kill (shared/server-process.ts starts each life).
 */
export class RestartableServer {
  readonly baseUrl: string;
  private readonly args: string[];
  private readonly env: NodeJS.ProcessEnv;
  private life: ServerProcess | undefined;
  /** Lines the server wrote to stderr (an internal error is logged there before its 500), across every life. */
  readonly stderr: string[] = [];

  /** `db` left out: the in-memory database (the soak, robustness/soak-run.ts). */
  constructor(opts: { db?: string; port: number; env?: NodeJS.ProcessEnv }) {
    this.baseUrl = `http://127.0.0.1:${opts.port}`;
    const db = opts.db === undefined ? [] : ['--db', opts.db];
    this.args = [...db, '--port', String(opts.port)];
    this.env = { ...process.env, ...opts.env };
  }

  /** The live process's id (the soak reads its memory from /proc/<pid>/status). */
  get pid(): number | undefined {
    return this.life?.child.pid;
  }

  /** Starts the server and resolves once it listens, with the milliseconds that took. */
  async start(timeoutMs = 20_000): Promise<number> {
    const started = performance.now();
    this.life = await startServer({
      args: this.args,
      env: this.env,
      timeoutMs,
      onOutput: (chunk, stream) => {
        if (stream === 'stderr') this.stderr.push(...chunk.split('\n').filter(Boolean));
      },
    });
    return performance.now() - started;
  }

  /** The crash: SIGKILL, no chance to finish a request, a transaction or a delivery; resolves once it is gone. */
  async kill(): Promise<void> {
    await this.life?.stop('SIGKILL');
  }

  /** The orderly end of the run (SIGTERM: the server closes its database). */
  async stop(): Promise<void> {
    await this.life?.stop();
  }
}

/** One webhook delivery as the receiver got it, whole (a body cut off by a kill is counted, not recorded). */
export interface Delivery {
  at: number;
  /** X-Store-Delivery-Id, the same on every retry of one event (D-16). */
  deliveryId: string;
  attempt: number;
  body: { eventId: string; event: string; data: Record<string, unknown> } | undefined;
  /** What is wrong with the delivery itself: signature, envelope, the delivery id against the body's eventId. */
  problems: string[];
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Requests whose body never arrived whole (the server died while sending). */
  torn: number;
  close(): Promise<void>;
}

const validDelivery = validatorFor('#/components/schemas/EventDelivery');
const header = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? '');

/**
 * The App's webhook consumer: answers 200 after `delayMs()` (a short random wait, so that a kill can fall between the
 * receiver's 200 and the server's record of it: the duplicates at-least-once delivery allows, D-23).
 */
export async function startReceiver(secret: string, delayMs: () => number): Promise<Receiver> {
  const receiver: Receiver = { url: '', deliveries: [], torn: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('close', () => {
      if (!req.complete) receiver.torn++;
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      receiver.deliveries.push(inspect(raw, req.headers, secret));
      setTimeout(() => res.end('ok'), delayMs());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Checks one delivery against D-16 (signature, delivery id) and the contract's EventDelivery (D-17). */
function inspect(raw: string, headers: IncomingHttpHeaders, secret: string): Delivery {
  const problems: string[] = [];
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(header(headers, 'x-store-signature'), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) problems.push('bad signature (D-16)');
  let body: Delivery['body'];
  try {
    body = JSON.parse(raw) as Delivery['body'];
  } catch {
    problems.push('the body is not JSON');
  }
  if (body && !validDelivery(body)) problems.push(`not an EventDelivery: ${JSON.stringify(validDelivery.errors)}`);
  const deliveryId = header(headers, 'x-store-delivery-id');
  if (body && body.eventId !== deliveryId) problems.push(`X-Store-Delivery-Id ${deliveryId} is not the eventId`);
  return { at: Date.now(), deliveryId, attempt: Number(header(headers, 'x-store-webhook-attempt')), body, problems };
}
