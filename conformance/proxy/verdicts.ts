// From judged exchanges to verdicts per requirement, as the traffic shows them: a requirement fails when one exchange
// broke it, passes when exchanges were judged by it and none did, and is not judged otherwise. The contract check
// counts as the suite counts it (lib/api.ts): an answer that breaks the document fails the decision and platform
// requirements judged on that exchange, and is only noted where the requirement rests on the source or a standard.
// Under the source profile only what gates there (MUST, basis source or standard; lib/verdict.ts `gates`) is
// reported; the rest is our contract's.
import { formatExchange, type Exchange as Evidence } from '../lib/api.ts';
import type { Meta } from '../lib/requirement.ts';
import { gates, type Profile, type Row } from '../lib/verdict.ts';
import type { Exchange } from '../lib/judging/exchange.ts';
import type { Judged } from './matching.ts';

export interface Violation {
  seq: number;
  /** The requirement broken; undefined for a finding of the contract, the client's request or an App's answer. */
  id?: string;
  /** A contract finding: the requirements judged on the exchange that fail for it (none: it is unattributed). */
  ids?: string[];
  kind: 'requirement' | 'contract' | 'app-contract' | 'request';
  operationId?: string;
  method: string;
  url: string;
  status: number;
  reason: string;
}

/** A requirement's row, as the suite's results.json has it, and how many exchanges judged it. */
export type JudgedRow = Row & { exchanges: number };

interface Tally {
  meta: Meta;
  judged: number;
  failed: number;
  reason?: string;
  evidence?: string;
  seq?: number;
}

const STRICT = new Set(['decision', 'platform']);
/** Lines printed per requirement (the rest are counted in the reports), so that one broken rule does not flood. */
const PRINTED_PER_ID = 3;

/** An exchange as the suite's evidence shows one (lib/api.ts `formatExchange`): secrets masked, a curl line. */
export function evidenceOf(x: Exchange): string {
  const auth = x.requestHeaders.authorization;
  const e: Evidence = {
    method: x.method,
    url: x.upstream,
    credentials:
      auth === undefined ? 'none (no Authorization header)' : `the client's (${auth.split(/\s+/)[0] || 'empty'})`,
    headers: x.requestHeaders,
    ...(x.requestLength ? { body: x.requestBody.toString('utf8') } : {}),
    status: x.status,
    responseHeaders: x.responseHeaders,
    responseText: x.responseBody.toString('utf8').slice(0, 1200),
    responseLength: x.responseLength,
  };
  return formatExchange(e);
}

export class Verdicts {
  readonly violations: Violation[] = [];
  readonly tallies = new Map<string, Tally>();
  private readonly meta: ReadonlyMap<string, Meta>;
  private readonly profile: Profile;
  private readonly print: (line: string) => void;
  private readonly printed = new Map<string, number>();
  constructor(meta: ReadonlyMap<string, Meta>, profile: Profile, print: (line: string) => void) {
    this.meta = meta;
    this.profile = profile;
    this.print = print;
  }

  /** Whether a requirement is reported under the profile. */
  reported(id: string): boolean {
    const m = this.meta.get(id);
    return !!m && (this.profile === 'contract' || gates(m, 'source'));
  }

  add(x: Exchange, judged: Judged): void {
    const checks = [...judged.checks];
    const target = judged.contractOf === 'target';
    const strict = new Set<string>();
    if (judged.contract.length && target)
      for (const c of judged.checks)
        if (c.contract && STRICT.has(this.meta.get(c.id)?.basis ?? '') && this.reported(c.id) && !strict.has(c.id)) {
          strict.add(c.id);
          checks.push({
            id: c.id,
            ok: false,
            reason: `the answer breaks the contract: ${judged.contract[0]}`,
            contract: true,
          });
        }
    const counted = new Set<string>();
    for (const c of checks) {
      if (!this.reported(c.id)) continue;
      const t = this.tally(c.id);
      if (!counted.has(c.id)) t.judged++;
      counted.add(c.id);
      if (c.ok) continue;
      t.failed++;
      if (t.reason === undefined) Object.assign(t, { reason: c.reason, evidence: evidenceOf(x), seq: x.seq });
      this.violate({
        seq: x.seq,
        id: c.id,
        kind: 'requirement',
        ...this.op(judged),
        ...this.line(x),
        reason: c.reason ?? '',
      });
    }
    // What the client sent against the document: its own mistake, reported under either profile, never a verdict.
    if (judged.request?.length)
      this.violate({
        seq: x.seq,
        kind: 'request',
        ...this.op(judged),
        ...this.line(x),
        reason: `the request: ${judged.request.slice(0, 3).join('; ')}`,
      });
    // The contract findings themselves: our contract's (reported under the contract profile), or an App's answer.
    if (judged.contract.length && (!target || this.profile === 'contract'))
      this.violate({
        seq: x.seq,
        kind: target ? 'contract' : 'app-contract',
        ...(target ? { ids: [...strict] } : {}),
        ...this.op(judged),
        ...this.line(x),
        reason: `${target ? '' : "the App's answer: "}${judged.contract.slice(0, 3).join('; ')}`,
      });
  }

  private op = (judged: Judged) => (judged.operationId ? { operationId: judged.operationId } : {});
  private line = (x: Exchange) => ({ method: x.method, url: x.url, status: x.status });

  private tally(id: string): Tally {
    let t = this.tallies.get(id);
    if (!t) this.tallies.set(id, (t = { meta: this.meta.get(id)!, judged: 0, failed: 0 }));
    return t;
  }

  private violate(v: Violation): void {
    this.violations.push(v);
    const key = v.id ?? `${v.kind} ${v.operationId ?? ''}`;
    const n = (this.printed.get(key) ?? 0) + 1;
    this.printed.set(key, n);
    if (n > PRINTED_PER_ID) return;
    const what = v.id
      ? `${v.id} [${this.meta.get(v.id)?.basis}]`
      : v.kind === 'contract'
        ? `contract ${v.operationId ?? ''}`
        : v.kind === 'request'
          ? `request ${v.operationId ?? ''}`
          : `App ${v.operationId ?? ''}`;
    this.print(
      `${v.kind === 'request' ? '!' : '✗'} ${what} ${v.method} ${v.url.length > 120 ? `${v.url.slice(0, 120)}…` : v.url} → ${v.status}: ${v.reason}${n === PRINTED_PER_ID ? ' (further ones counted in the reports)' : ''}`,
    );
  }

  /** The requirements judged, as rows of the suite's results (lib/verdict.ts `Row`), sorted by id. */
  rows(): JudgedRow[] {
    return [...this.tallies.values()]
      .map(({ meta, judged, failed, reason, evidence }) => {
        const status = failed ? ('fail' as const) : ('pass' as const);
        return {
          ...meta,
          status,
          ...(failed ? { reason: reason ?? '', evidence: evidence ?? '' } : {}),
          ms: 0,
          gating: gates(meta, this.profile),
          exchanges: judged,
        };
      })
      .sort((a, b) => a.id.localeCompare(b.id));
  }
}
