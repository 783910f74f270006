// Matching exchanges to requirements: each exchange the proxy (or `judge FILE.har`) sees is read once
// (lib/judging/reading.ts) and given to every requirement whose judgement reads it (the requirements' own judgements,
// declared with them: lib/judging/judge.ts); what the answer breaks of the document is attributed as the suite
// attributes it (verdicts.ts), and the exchange is remembered for the judgements of those after it.
import { check, checkResponse, deref, operations, type Json, type Operation } from '../lib/contract.ts';
import type { LoadedDialect } from '../lib/dialect.ts';
import type { Declared } from '../lib/requirement.ts';
import type { Judge } from '../lib/judging/judge.ts';
import type { Exchange } from '../lib/judging/exchange.ts';
import type { Memory } from '../lib/judging/memory.ts';
import { readingOf, remember, type Reading } from '../lib/judging/reading.ts';

/** One requirement's judgement of one exchange: held, or not, and why not. */
export interface Check {
  id: string;
  ok: boolean;
  reason?: string;
  /**
   * Whether the suite checks the contract on the exchanges of this requirement (lib/api.ts `untyped` does, `send`
   * does not): a decision or platform requirement then fails on the answer's contract problems too (verdicts.ts).
   */
  contract: boolean;
}

export interface Judged {
  checks: Check[];
  /** The request body's problems against the document, in our contract's form: the client's, not the target's. */
  request?: string[];
  /** The operation (or callback) the exchange called, when the document has it. */
  operationId?: string;
  /** The answer's problems against the document (lib/contract.ts `checkResponse`), on the raw answer. */
  contract: string[];
  /** Whose answer broke the document: the target's, or (a callback) the App's. */
  contractOf: 'target' | 'app';
}

export interface CallbackOperation {
  operationId: string;
  /** The field of the shipping service that names the App's URL (`ratesUrl`, `labelsUrl`). */
  field: string;
  operation: Operation;
}
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** Every callback the document declares, as an operation `checkResponse` can read (their `{$request.body#/…}` URLs). */
export const callbackOperations: CallbackOperation[] = operations.flatMap((o) =>
  Object.entries((deref({ $ref: o.pointer }).callbacks ?? {}) as Record<string, Json>).flatMap(([name, cb]) =>
    Object.entries(deref(cb) as Record<string, Json>).flatMap(([expression, item]) =>
      Object.entries(item as Record<string, Json>).map(([method, c]) => ({
        operationId: c.operationId as string,
        field: /\/(\w+)\}$/.exec(expression)?.[1] ?? expression,
        operation: {
          ...o,
          operationId: c.operationId,
          method: method.toUpperCase(),
          path: expression,
          pointer: `${o.pointer}/callbacks/${esc(name)}/${esc(expression)}/${method}`,
          parameters: (c.parameters ?? []).map((p: Json) => deref(p)),
          responses: c.responses ?? {},
          security: null,
        } satisfies Operation,
      })),
    ),
  ),
);

/** The requirements of the suite, by the exchanges their judgements read. */
export class Matching {
  private readonly loaded: LoadedDialect;
  /** By the operation whose exchanges a judgement reads (`''`: no operation; undefined: any). */
  private readonly byOperation = new Map<string | undefined, { id: string; judge: Judge }[]>();
  /** `declared`: the suite's requirements (lib/requirement.ts `declared`). */
  constructor(declared: readonly Declared[], loaded: LoadedDialect) {
    this.loaded = loaded;
    for (const d of declared)
      if (d.judge)
        this.byOperation.set(d.judge.operation, [
          ...(this.byOperation.get(d.judge.operation) ?? []),
          { id: d.id, judge: d.judge },
        ]);
  }

  /** Every requirement with a judgement traffic can show, by id. */
  judgeable(): string[] {
    return [...this.byOperation.values()].flatMap((js) => js.map((j) => j.id)).sort();
  }

  /** Every judgement that reads the exchange, and what it found. */
  private checks(r: Reading): Check[] {
    const found: Check[] = [];
    for (const { id, judge } of [
      ...(this.byOperation.get(r.o?.operationId ?? '') ?? []),
      ...(this.byOperation.get(undefined) ?? []),
    ])
      if (judge.on(r)) {
        const reason = judge.gap(r);
        found.push({
          id,
          ok: reason === undefined,
          ...(reason ? { reason } : {}),
          contract: typeof judge.contract === 'function' ? judge.contract(r) : judge.contract !== false,
        });
      }
    return found;
  }

  /** Judges one exchange with what `memory` holds of those before it, then remembers what it shows. */
  judge(x: Exchange, memory: Memory): Judged {
    const r = readingOf(x, memory, this.loaded);
    if (x.direction === 'callback') {
      const cb = callbackOperations.find((c) => c.operationId === x.callback);
      if (!cb) return { checks: [], contract: [], contractOf: 'app' };
      const contract = x.status
        ? checkResponse(cb.operation, x.status, x.responseHeaders, r.raw, x.responseBody.toString('utf8'))
        : [];
      return { checks: this.checks(r), operationId: cb.operationId, contract, contractOf: 'app' };
    }
    const o = r.o;
    const named = o ? { operationId: o.operationId } : {};
    if (x.status === 0) return { checks: [], contract: [], contractOf: 'target', ...named };
    const checks = this.checks(r);
    // An answer cut at the cap is not judged against the document; nor one given before any route (D-64's 431).
    const routed = r.stage !== 'unrouted';
    const complete = x.responseBody.length === x.responseLength;
    const contract =
      o && routed && complete
        ? checkResponse(o, x.status, x.responseHeaders, r.raw, x.responseBody.toString('utf8'))
        : [];
    // A body the document does not allow (a frontend's mistake): the target should refuse it, and the client learns why.
    const request = o?.bodyPointer && r.request !== undefined && routed ? check(o.bodyPointer, r.request) : [];
    remember(r);
    return { checks, contract, contractOf: 'target', ...(request.length ? { request } : {}), ...named };
  }
}
