// A requirement's judgement: a pure function over the exchanges it observed. The suite runs a requirement's act, then
// its judgement over the exchanges the act made (lib/api.ts `observed`); the proxy runs the same judgement over live
// traffic, on every exchange it reads (conformance/proxy/). Declared with the requirement (`judge` in its options,
// lib/requirement.ts), so what a requirement asserts is written once.
import type { LoadedDialect } from '../dialect.ts';
import type { Exchange } from './exchange.ts';
import { Memory, type Token } from './memory.ts';
import { readingOf, remember, type Reading } from './reading.ts';

export interface Judge {
  /** The operation whose exchanges it reads (`''`: a request no operation of the document has); all, when absent. */
  operation?: string;
  /** What exchange it reads, in words: the reason a run whose act made none of them gives. */
  reads: string;
  /** Whether an exchange is one it reads. */
  on(r: Reading): boolean;
  /** Why the requirement does not hold on that exchange; undefined when it holds. */
  gap(r: Reading): string | undefined;
  /**
   * Whether the proxy counts an answer's contract problems against the requirement (as the suite's strict calls do,
   * lib/api.ts): on every exchange it reads, unless `false` (the suite sends them outside the contract's operations,
   * `send`) or a function saying on which (the suite's own calls, not the setup its act made through another
   * operation, whose contract problems the suite notes).
   */
  contract?: false | ((r: Reading) => boolean);
  /**
   * In the suite: every exchange the act made of `operation` must be one it reads (`on`). For a requirement whose act
   * knows what traffic cannot show (its credentials are valid, so the answer is a success): an answer of another kind
   * fails it there, where the proxy, which cannot know, reads only the exchanges `on` picks.
   */
  every?: true;
}

/** What a judgement found over a sequence of exchanges: how many it read, and the first that broke it. */
export interface Found {
  judged: number;
  broken?: { exchange: Exchange; reason: string };
}

/**
 * Runs `judge` over `exchanges`, in order, each read with what those before it left in memory. `tokens`: the tokens
 * known before them (the run's clients', and those issued to earlier requirements), which learns the ones they issue.
 */
export function judgeExchanges(
  judge: Judge,
  exchanges: readonly Exchange[],
  loaded: LoadedDialect,
  tokens: Map<string, Token> = new Map(),
): Found {
  const memory = new Memory();
  for (const [value, token] of tokens) memory.tokens.set(value, token);
  const found: Found = { judged: 0 };
  for (const exchange of exchanges) {
    const bearer = /^bearer\s+(\S+)$/i.exec((exchange.requestHeaders.authorization ?? '').trim())?.[1];
    if (bearer && exchange.caller) memory.tokens.set(bearer, { scopes: exchange.caller.scopes, issuedAt: 0 });
    const r = readingOf(exchange, memory, loaded);
    const mine = judge.operation === undefined || judge.operation === (r.o?.operationId ?? '');
    if (exchange.status !== 0 && mine && judge.on(r)) {
      found.judged++;
      const reason = judge.gap(r);
      if (reason !== undefined && !found.broken) found.broken = { exchange, reason };
    } else if (exchange.status !== 0 && mine && judge.every && judge.operation !== undefined && !found.broken)
      found.broken = { exchange, reason: `not ${judge.reads} (answered ${exchange.status})` };
    remember(r);
  }
  for (const [value, token] of memory.tokens) tokens.set(value, token);
  return found;
}
