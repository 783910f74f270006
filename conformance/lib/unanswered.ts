// A target that stops answering mid-run: requests that get no HTTP answer at all (a timeout, a
// reset, a refused connection) are counted in a row across the workers, in files of the report directory, because
// Playwright runs requirements in several processes and starts a new one after each failure. Past the limit the
// target counts as gone: the requirements still to run are reported not run, with the reason, instead of each
// waiting out its own timeouts. Any HTTP answer, whatever it says, ends the row.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { config } from './config.ts';

/** Requests in a row with no HTTP answer after which the target counts as gone ("several": one reset is no outage). */
export const NO_ANSWER_LIMIT = 5;

const rowFile = () => `${config.reportDir}/.unanswered-row.json`;
const goneFile = () => `${config.reportDir}/.unanswered-gone.json`;

/** Written whole or not at all: another worker may read it at any moment. */
function writeAtomic(file: string, value: unknown): void {
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(value));
  renameSync(`${file}.${process.pid}`, file);
}
function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A request of the suite that got no HTTP answer; its requirement fails (the target does not answer). */
export class NoAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoAnswer';
  }
}
/** The target has stopped answering: the requirement is not run (lib/requirement.ts skips it, with the reason). */
export class TargetGone extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TargetGone';
  }
}

/** Global setup: nothing of the last run's row may count in this one. */
export function resetUnanswered(): void {
  rmSync(rowFile(), { force: true });
  rmSync(goneFile(), { force: true });
}

/** What a request that got no answer saw, on one line: `POST http://…/x timed out after 10000 ms (no answer)`. */
export function describeNoAnswer(method: string, url: string, err: unknown): string {
  type Failure = { name?: string; message?: string; code?: string; cause?: Failure };
  const e = err as Failure | undefined;
  if (e?.name === 'TimeoutError')
    return `${method} ${url} timed out after ${(e as { ms?: number }).ms ?? config.requestTimeoutMs} ms (no answer)`;
  // fetch's own messages ("fetch failed", "terminated" for an answer cut short) say nothing: their cause says what the
  // connection did (`read ECONNRESET`, `Response body length does not match content-length header`).
  const cause: Failure | undefined =
    e?.cause?.message && /^(fetch failed|terminated)$/.test(e.message ?? '') ? e.cause : e;
  const message = (cause?.message ?? String(err)).split('\n')[0]!;
  const code = cause?.code && !message.includes(cause.code) ? `, ${cause.code}` : '';
  return `${method} ${url} got no HTTP answer (${message}${code})`;
}

/** A request got an HTTP answer: the row ends. One stat per request while the target answers. */
export function answered(): void {
  if (existsSync(rowFile())) rmSync(rowFile(), { force: true });
}

/** A request got no HTTP answer (`what`, from describeNoAnswer): the row grows; at the limit the target is gone. */
export function unanswered(what: string): void {
  const count = (readJson<{ count: number }>(rowFile())?.count ?? 0) + 1;
  writeAtomic(rowFile(), { count, last: what });
  if (count >= NO_ANSWER_LIMIT && !existsSync(goneFile()))
    writeAtomic(goneFile(), {
      reason: `the target stopped answering: ${count} requests in a row got no HTTP answer (the last: ${what})`,
    });
}

let gone: string | undefined;
/** Why the target counts as gone, once a worker has seen it so; undefined while it answers. */
export function targetGone(): string | undefined {
  if (gone === undefined && existsSync(goneFile())) gone = readJson<{ reason: string }>(goneFile())?.reason;
  return gone;
}
