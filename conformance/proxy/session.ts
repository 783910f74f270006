// One judging of traffic, live (server.ts, the proxy) or recorded (har.ts, `judge FILE.har`): every exchange, in the
// order its answer ended, judged by the requirements whose judgements read it (matching.ts),
// with what the exchanges before it left in memory; then the reports (reports.ts).
import { loadDialect } from '../lib/dialect.ts';
import { declared, metaOf, type Meta } from '../lib/requirement.ts';
import type { Profile } from '../lib/verdict.ts';
import type { Exchange } from '../lib/judging/exchange.ts';
import { Memory } from '../lib/judging/memory.ts';
import { writeReports, type Written } from './reports.ts';
import { Matching } from './matching.ts';
import { Verdicts } from './verdicts.ts';

export interface SessionOptions {
  profile: Profile;
  /** A dialect file (lib/dialect.ts): answers are read in our contract's form through it. */
  dialect?: string;
  print: (line: string) => void;
}

export interface Session {
  /** How many requirements of the suite can be judged from traffic, of those reported under the profile. */
  judgeable: number;
  /** Judges one exchange (its `seq` and `ended` given here, in the order added). */
  add(x: Omit<Exchange, 'seq' | 'ended'> & { ended?: number }): void;
  /** Writes results.json, summary.md, junit.xml and traffic.har to `dir`. */
  report(dir: string, target: string, started: Date): Written;
}

export async function session(options: SessionOptions): Promise<Session> {
  await import('../requirements/index.ts');
  const meta = new Map<string, Meta>(declared().map((d) => [d.id, metaOf(d)]));
  const matching = new Matching(declared(), loadDialect(options.dialect));
  const memory = new Memory();
  const verdicts = new Verdicts(meta, options.profile, options.print);
  const exchanges: Exchange[] = [];
  const traffic = new Set(matching.judgeable());
  const judgeable = [...traffic].filter((id) => verdicts.reported(id)).length;
  const needsTheSuite = declared()
    .filter((d) => verdicts.reported(d.id) && !traffic.has(d.id))
    .map((d) => ({ id: d.id, area: d.area }));
  return {
    judgeable,
    add(x) {
      const exchange: Exchange = { ...x, seq: exchanges.length + 1, ended: x.ended ?? Date.now() };
      exchanges.push(exchange);
      try {
        verdicts.add(exchange, matching.judge(exchange, memory));
      } catch (err) {
        options.print(`! could not judge ${x.method} ${x.url}: ${(err as Error).stack ?? String(err)}`);
      }
    },
    report: (dir, target, started) =>
      writeReports(dir, {
        target,
        profile: options.profile,
        ...(options.dialect ? { dialect: options.dialect } : {}),
        started,
        stopped: new Date(),
        judgeable,
        needsTheSuite,
        exchanges,
        rows: verdicts.rows(),
        violations: verdicts.violations,
      }),
  };
}
