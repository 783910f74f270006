// `npm run audit`: `npm audit --omit=dev` over the production dependencies: no high or critical
// advisory may stand. Prints each vulnerable package and one count line; exits 0 when none is high or critical, 1
// when one is, and 2 when npm could not get an answer from the registry's audit endpoint (no verdict either way:
// some machines reach the registry through a mirror that does not serve it).
import { spawnSync } from 'node:child_process';
import { root } from './run.ts';

export const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
/** The severities that fail the check. */
export const BLOCKING: Severity[] = ['critical', 'high'];

export type Verdict =
  | {
      kind: 'report';
      counts: Record<Severity, number>;
      dependencies: number;
      packages: { name: string; severity: Severity; direct: boolean }[];
    }
  | { kind: 'unreachable'; reason: string };

interface AuditJson {
  vulnerabilities?: Record<string, { name: string; severity: Severity; isDirect?: boolean }>;
  metadata?: { vulnerabilities?: Partial<Record<Severity, number>>; dependencies?: { prod?: number } };
  message?: string;
  statusCode?: number;
  error?: { code?: string; summary?: string; detail?: string };
}

/** Addresses left out of what is printed: only what went wrong is said, not where. */
const withoutAddresses = (text: string) => text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<registry>').trim();

/** What `npm audit --json` printed (and its stderr), read as a report or as "no answer". */
export function readAudit(stdout: string, stderr = ''): Verdict {
  let json: AuditJson;
  try {
    json = JSON.parse(stdout) as AuditJson;
  } catch {
    const line = stderr.split('\n').find((l) => /error/i.test(l)) ?? stderr.split('\n')[0] ?? '';
    return { kind: 'unreachable', reason: withoutAddresses(`npm audit printed no report: ${line || 'no output'}`) };
  }
  if (!json.metadata?.vulnerabilities) {
    const what = json.message ?? json.error?.summary ?? json.error?.code ?? 'no report';
    return { kind: 'unreachable', reason: withoutAddresses(`the audit endpoint gave no report: ${what}`) };
  }
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, json.metadata!.vulnerabilities![s] ?? 0])) as Record<
    Severity,
    number
  >;
  const packages = Object.values(json.vulnerabilities ?? {})
    .map((v) => ({ name: v.name, severity: v.severity, direct: v.isDirect === true }))
    .sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || a.name.localeCompare(b.name));
  return { kind: 'report', counts, dependencies: json.metadata.dependencies?.prod ?? 0, packages };
}

/** Runs `npm audit --omit=dev --json` in the repository. */
export function audit(): Verdict {
  const res = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (res.error) return { kind: 'unreachable', reason: `npm audit could not run: ${res.error.message}` };
  return readAudit(res.stdout, res.stderr);
}

/** The lines `npm run audit` prints, and its exit code. */
export function describe(v: Verdict): { lines: string[]; code: number } {
  if (v.kind === 'unreachable')
    return { lines: [`no verdict: ${v.reason}`, 'production dependencies: not audited'], code: 2 };
  const blocking = BLOCKING.reduce((n, s) => n + v.counts[s], 0);
  return {
    lines: [
      ...v.packages.map((p) => `  ${p.severity.padEnd(8)} ${p.name}${p.direct ? ' (direct)' : ''}`),
      `production dependencies: ${v.dependencies} audited; ${SEVERITIES.map((s) => `${s} ${v.counts[s]}`).join(', ')}`,
      blocking === 0 ? 'no high or critical advisory' : `${blocking} high or critical advisories`,
    ],
    code: blocking === 0 ? 0 : 1,
  };
}

if (import.meta.main) {
  const { lines, code } = describe(audit());
  for (const line of lines) console.log(line);
  process.exitCode = code;
}
