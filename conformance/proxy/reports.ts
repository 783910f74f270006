// What a stopped proxy writes to its report folder: results.json (every requirement judged from traffic, its verdict,
// the violations in order), summary.md (the failures grouped by cause, as the suite groups them: lib/causes.ts),
// junit.xml (a test case per requirement judged, the suite's own writer: reporter.ts `junit`) and traffic.har
// (HAR 1.2, every exchange that passed, secrets masked).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { causesMarkdown, groupByCause } from '../lib/causes.ts';
import type { Profile } from '../lib/verdict.ts';
import { junit } from '../reporter.ts';
import type { Exchange } from '../lib/judging/exchange.ts';
import { evidenceOf, type JudgedRow, type Violation } from './verdicts.ts';

export interface Run {
  target: string;
  profile: Profile;
  dialect?: string;
  started: Date;
  stopped: Date;
  /** How many requirements of the suite the proxy can judge from traffic at all (matching.ts `judgeable`). */
  judgeable: number;
  /**
   * The requirements reported under the profile that traffic cannot show: declared without a judgement, their act
   * alone judges them (an unknown token it sent, a delivery it awaited). The suite judges them.
   */
  needsTheSuite: { id: string; area: string }[];
  exchanges: Exchange[];
  rows: JudgedRow[];
  violations: Violation[];
}

export interface Written {
  passed: number;
  failed: number;
  /** Whether every requirement that gates under the profile and was judged passed. */
  ok: boolean;
}

const SECRET_HEADERS = /^(authorization|cookie|x-store-signature)$/i;
/** A header value with its secret masked: `Bearer ***`. */
const masked = (name: string, value: string) =>
  SECRET_HEADERS.test(name)
    ? value.replace(/^(\w+\s+)?.*$/, (_, scheme: string | undefined) => `${scheme ?? ''}***`)
    : value;
/** A body's secrets masked: the client secret of a token request, the token of its answer (RFC 6749). */
const maskedBody = (text: string) =>
  text
    .replace(/(client_secret=)[^&\s]*/g, '$1***')
    .replace(/("(?:client_secret|access_token)"\s*:\s*")[^"]*"/g, '$1***"');

/** How much of each body traffic.har keeps: the start of a megabyte body tells what it was. */
const HAR_BODY = 256 * 1024;

/** HAR 1.2 (the HTTP Archive format): one entry per exchange, bodies as text (their first 256 KiB). */
export function har(exchanges: Exchange[]): unknown {
  const headers = (h: Record<string, string>) =>
    Object.entries(h).map(([name, value]) => ({ name, value: masked(name, value) }));
  const text = (b: Buffer, length: number) => {
    const kept = b.subarray(0, HAR_BODY);
    return (
      maskedBody(kept.toString('utf8')) +
      (kept.length < length ? `… (${length - kept.length} more bytes not kept)` : '')
    );
  };
  return {
    log: {
      version: '1.2',
      creator: { name: 'store-api-conformance proxy', version: '1' },
      entries: exchanges.map((x) => {
        const url = new URL(x.upstream);
        return {
          startedDateTime: new Date(x.started).toISOString(),
          time: x.ended - x.started,
          ...(x.direction === 'callback' ? { comment: `callback ${x.callback ?? ''}, relayed to the App` } : {}),
          request: {
            method: x.method,
            url: x.upstream,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: headers(x.requestHeaders),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            ...(x.requestLength
              ? {
                  postData: {
                    mimeType: x.requestHeaders['content-type'] ?? '',
                    text: text(x.requestBody, x.requestLength),
                  },
                }
              : {}),
            headersSize: x.requestHeadBytes,
            bodySize: x.requestLength,
          },
          response: {
            status: x.status,
            statusText: x.error ?? '',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: headers(x.responseHeaders),
            content: {
              size: x.responseLength,
              mimeType: x.responseHeaders['content-type'] ?? '',
              text: text(x.responseBody, x.responseLength),
            },
            redirectURL: x.responseHeaders.location ?? '',
            headersSize: -1,
            bodySize: x.responseLength,
          },
          cache: {},
          timings: { send: 0, wait: x.ended - x.started, receive: 0 },
        };
      }),
    },
  };
}

/** `auth 12, contacts 40, …`: how many of `rows` each area holds. */
const areasOf = (rows: { area: string }[]) =>
  [...rows.reduce((m, r) => m.set(r.area, (m.get(r.area) ?? 0) + 1), new Map<string, number>())]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([area, n]) => `${area} ${n}`)
    .join(', ') || 'none';

/** Writes the four files into `dir`; returns the counts and whether what gates passed. */
export function writeReports(dir: string, run: Run): Written {
  mkdirSync(dir, { recursive: true });
  const failed = run.rows.filter((r) => r.status === 'fail');
  const passed = run.rows.length - failed.length;
  const ok = !failed.some((r) => r.gating);
  const evidence = new Map(run.exchanges.map((x) => [x.seq, x]));
  // What no requirement judged on its exchange covers: the contract alone, or an App's answer.
  const unattributed = run.violations.filter(
    (v) => (v.kind === 'contract' && !v.ids?.length) || v.kind === 'app-contract',
  );
  const requests = run.violations.filter((v) => v.kind === 'request');
  writeFileSync(
    join(dir, 'results.json'),
    `${JSON.stringify(
      {
        tool: 'store-api-conformance proxy',
        target: run.target,
        profile: run.profile,
        dialect: run.dialect ?? null,
        started: run.started.toISOString(),
        stopped: run.stopped.toISOString(),
        exchanges: run.exchanges.length,
        judgeable: run.judgeable,
        counts: { judged: run.rows.length, pass: passed, fail: failed.length, needsTheSuite: run.needsTheSuite.length },
        passed: ok,
        requirements: run.rows,
        findings: unattributed,
        requests,
        violations: run.violations,
        needsTheSuite: run.needsTheSuite.map((r) => r.id),
      },
      null,
      2,
    )}\n`,
  );
  const groups = groupByCause(
    failed.map((r) => ({ id: r.id, reason: r.reason ?? '', evidence: r.evidence ?? '', operation: r.operation })),
  );
  const findings = groupByCause(
    unattributed.map((v) => {
      const x = evidence.get(v.seq);
      return {
        id: `${v.kind === 'app-contract' ? 'App ' : ''}${v.operationId ?? v.url}`,
        reason: v.reason,
        evidence: x ? evidenceOf(x) : '',
      };
    }),
  );
  const lines = [
    '# The contract in live traffic',
    '',
    `Target ${run.target}, profile \`${run.profile}\`${run.dialect ? `, dialect \`${run.dialect}\`` : ''}; ${run.exchanges.length} exchanges from ${run.started.toISOString()} to ${run.stopped.toISOString()}.`,
    '',
    `**${run.rows.length}** of the ${run.judgeable} requirements the proxy can judge from traffic were judged: **${passed}** passed, **${failed.length}** failed${failed.length ? ` (${failed.filter((r) => r.gating).length} of them gate under the profile)` : ''}. A pass means no exchange broke the requirement, not that every part of it was exercised: the suite judges it in full.`,
    '',
    ...(failed.length
      ? ['## Failures, grouped by cause', '', ...causesMarkdown(groups)]
      : ['No requirement judged failed.', '']),
    ...(findings.length
      ? [
          '## Answers that break the document, no requirement judged on the exchange covering them',
          '',
          'Every decision and platform requirement of the suite that makes such a call fails on them (lib/api.ts); a source or standard one notes them.',
          '',
          ...causesMarkdown(findings),
        ]
      : []),
    ...(requests.length
      ? [
          "## Requests that break the document (the client's)",
          '',
          ...groupByCause(
            requests.map((v) => ({
              id: `${v.operationId ?? ''} ${v.method} ${v.url.split('?')[0]}`,
              reason: v.reason,
            })),
          ).map((g) => `- **${g.ids.length}** × \`${g.cause}\`: ${[...new Set(g.ids)].slice(0, 5).join(', ')}`),
          '',
        ]
      : []),
    '## Needs the suite',
    '',
    `${run.needsTheSuite.length} requirements reported under the profile have no judgement traffic can show: only what the suite's act made judges them (results.json lists them, \`needsTheSuite\`). By area: ${areasOf(run.needsTheSuite)}.`,
    '',
    '## Judged',
    '',
    '| requirement | basis | status | exchanges |',
    '|---|---|---|---|',
    ...run.rows.map((r) => `| \`${r.id}\` | ${r.basis} | ${r.status} | ${r.exchanges} |`),
    '',
  ];
  writeFileSync(join(dir, 'summary.md'), `${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'junit.xml'), junit(run.rows));
  writeFileSync(join(dir, 'traffic.har'), `${JSON.stringify(har(run.exchanges), null, 1)}\n`);
  return { passed, failed: failed.length, ok };
}
