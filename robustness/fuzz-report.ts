// The fuzzer's report (robustness/README.md): `summary.json` (the whole result) and `summary.md` (counts by kind,
// by status class and by check; every finding, grouped, with its seed, request and a curl line that repeats it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kinds } from './fuzz-generate.ts';
import { checks, clip, SLOW_MS, type Finding, type FuzzResult } from './fuzz-run.ts';

const meaning: Record<(typeof checks)[number], string> = {
  'no-5xx': 'no answer is a 5xx',
  fast: `every answer within ${SLOW_MS} ms`,
  'error-envelope':
    'every 4xx is one the operation documents, in its documented body (the error envelope, D-02; RFC 6749 at the token endpoint, D-06)',
  'no-2xx-for-invalid': 'no 2xx for a request that breaks the document (judged by ajv on the request itself)',
  'documented-2xx': 'every 2xx of a valid request is documented and matches its schema',
  'no-state-change': 'a refused write changes neither its item (get) nor the size of its collection (list)',
  alive: 'the server answers a list within the limit every 500 requests and at the end, and its process lives',
};

export function writeReport(result: FuzzResult, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'summary.json');
  const md = join(dir, 'summary.md');
  writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(md, markdown(result));
  return [md, json];
}

const classes = ['2xx', '3xx', '4xx', '5xx', 'none'] as const;

function markdown(r: FuzzResult): string {
  const rate = Math.round(r.requests / (r.wallMs / 1000));
  const lines = [
    '# Fuzz run',
    '',
    `Seed **${r.seed}**, target: ${r.target}. ${r.requests} generated requests over ${r.operationsCovered} operations ` +
      `(${r.helperRequests} more for tokens, setup data, snapshots and probes) in ${(r.wallMs / 1000).toFixed(1)} s, ` +
      `${rate} requests per second. Server restarts: ${r.restarts}. **${r.findings.length} findings.**`,
    '',
    `Repeat: \`npm run fuzz -- --seed ${r.seed} --requests ${r.requests}\`.`,
    '',
    '## Checks',
    '',
    '| check | meaning | checked | failed |',
    '|---|---|---:|---:|',
    ...checks.map((c) => `| \`${c}\` | ${meaning[c]} | ${r.checks[c].checked} | ${r.checks[c].failed} |`),
    '',
    '## Requests by kind',
    '',
    '"Breaking": the requests the judge found to break the document; a mutation may leave a request valid.',
    '',
    `| kind | sent | breaking | ${classes.join(' | ')} |`,
    `|---|---:|---:|${classes.map(() => '---:').join('|')}|`,
    ...kinds
      .filter((k) => r.byKind[k])
      .map((k) => {
        const c = r.byKind[k]!;
        return `| ${k} | ${c.sent} | ${c.breaking} | ${classes.map((s) => c[s]).join(' | ')} |`;
      }),
    `| **all** | ${r.requests} | ${Object.values(r.byKind).reduce((n, c) => n + c.breaking, 0)} | ${classes.map((s) => r.byStatusClass[s]).join(' | ')} |`,
    '',
    '## Filters and auth, by what was sent',
    '',
    '| sent | requests |',
    '|---|---:|',
    ...Object.entries(r.byVariant)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([v, n]) => `| ${v.replace(/\|/g, '\\|')} | ${n} |`),
    '',
  ];
  if (r.notRun.length) lines.push('## Not run', '', ...r.notRun.map((n) => `- ${n}`), '');
  lines.push('## Findings', '');
  if (r.findings.length === 0) lines.push('None.', '');
  const groups = new Map<string, Finding[]>();
  for (const f of r.findings) {
    const key = `${f.check} · ${f.operationId} · ${f.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const [key, fs] of groups) {
    const f = fs[0]!;
    lines.push(
      `### ${key} (${fs.length})`,
      '',
      `Request #${f.index} of seed ${r.seed} (${f.variant}): ${f.status ?? 'no answer'}${f.ms !== undefined ? ` in ${f.ms} ms` : ''}.`,
      '',
      '```',
      f.reason.slice(0, 1500),
      '```',
      '',
      '```sh',
      clip(f.curl, 2000),
      '```',
      '',
    );
    if (fs.length > 1)
      lines.push(
        `Also requests ${fs
          .slice(1, 20)
          .map((x) => `#${x.index}`)
          .join(', ')}${fs.length > 20 ? ', …' : ''}.`,
        '',
      );
  }
  return `${lines.join('\n')}\n`;
}
