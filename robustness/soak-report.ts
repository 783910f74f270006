// The soak's report: reports/soak/summary.md, summary.json and chart.svg (RSS and p99 over time, one panel each).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SoakSummary } from './soak-run.ts';

const mark = (ok: boolean | null) => (ok === null ? 'not judged' : ok ? 'pass' : 'FAIL');
const or = (v: number | null, unit = '') => (v === null ? '–' : `${v}${unit}`);

export function writeSoakReport(s: SoakSummary, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files = [join(dir, 'summary.md'), join(dir, 'summary.json'), join(dir, 'chart.svg')];
  writeFileSync(files[0]!, markdown(s));
  writeFileSync(files[1]!, `${JSON.stringify(s, null, 2)}\n`);
  writeFileSync(files[2]!, chart(s));
  return files;
}

function markdown(s: SoakSummary): string {
  const d = s.deliveries;
  const lines = [
    '# Soak',
    '',
    `${s.when}: ${s.connections} connections for ${s.seconds} s against ${s.target} (database: ${s.database}).`,
    `**${s.ok ? 'PASS' : 'FAIL'}**`,
    '',
    '| verdict | result | figures |',
    '|---|---|---|',
    ...(['errors', 'memory', 'p99'] as const).map(
      (k) => `| ${k} | ${mark(s.verdicts[k].ok)} | ${s.verdicts[k].reason} |`,
    ),
    '',
    '## Figures',
    '',
    `- requests: ${s.requests} (${s.ratePerSecond}/s), ${s.cycles} cycles of ${Object.keys(s.byStep).length} requests`,
    `- errors: ${Object.entries(s.errors)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `- RSS: first minute ${or(s.rss.firstMinuteMb, ' MB')}, last minute ${or(s.rss.lastMinuteMb, ' MB')}, ` +
      `peak ${or(s.rss.peakMb, ' MB')}`,
    `- webhook deliveries: ${d.unique} of ${d.expected} expected (${d.duplicates} duplicate copies), by subscription ` +
      `${Object.entries(d.bySubscription)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}; lag (write sent → delivery arrived) p50 ${or(d.lagP50, ' ms')}, p99 ${or(d.lagP99, ' ms')}, ` +
      `max ${or(d.lagMax, ' ms')}; the last arrived ${d.drainMs} ms after the load ended`,
    ...(d.problems.length ? [`- delivery problems: ${d.problems.join('; ')}`] : []),
    ...(Object.keys(s.unexpected).length
      ? [
          `- non-2xx answers: ${Object.entries(s.unexpected)
            .map(([k, n]) => `${k}: ${n}`)
            .join(', ')}`,
          `- the first: \`${s.unexpectedExample}\``,
        ]
      : []),
    '',
    '## Per minute',
    '',
    '| minute | full | requests | errors | p50 ms | p99 ms | RSS MB (mean) | delivery lag p99 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...s.minutes.map(
      (m) =>
        `| ${m.minute} | ${m.full ? 'yes' : 'no'} | ${m.requests} | ${m.errors} | ${m.p50} | ${m.p99} | ${or(m.rssMb)} | ${or(m.lagP99)} |`,
    ),
    '',
    '## Requests of the cycle',
    '',
    '| step | answered | 2xx |',
    '|---|---|---|',
    ...Object.entries(s.byStep).map(([k, v]) => `| ${k} | ${v.done} | ${v.ok} |`),
    '',
    `## Samples (every ${s.windowMs / 1000} s; chart.svg)`,
    '',
    '| t s | RSS MB | requests | errors | p50 ms | p99 ms | deliveries | lag p50 ms | lag p99 ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...s.samples.map(
      (x) =>
        `| ${x.t} | ${or(x.rssMb)} | ${x.requests} | ${x.errors} | ${x.p50} | ${x.p99} | ${x.deliveries} | ${or(x.lagP50)} | ${or(x.lagP99)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

/** Two line panels over the run's time: the server's RSS and each window's p99. */
function chart(s: SoakSummary): string {
  const W = 720;
  const H = 180;
  const pad = { left: 60, right: 20, top: 28, bottom: 30 };
  const end = Math.max(1, ...s.samples.map((x) => x.t));
  const panel = (title: string, unit: string, points: { t: number; v: number }[], top: number) => {
    const max = Math.max(1, ...points.map((p) => p.v)) * 1.1;
    const x = (t: number) => pad.left + (t / end) * (W - pad.left - pad.right);
    const y = (v: number) => top + pad.top + (1 - v / max) * (H - pad.top - pad.bottom);
    const line = points.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
    const ticks = [0, 0.5, 1].map(
      (f) =>
        `<text x="${pad.left - 6}" y="${y(max * f) + 4}" text-anchor="end">${Math.round(max * f)}</text>` +
        `<line x1="${pad.left}" x2="${W - pad.right}" y1="${y(max * f)}" y2="${y(max * f)}" stroke="#ddd"/>`,
    );
    return [
      `<text x="${pad.left}" y="${top + 16}" font-weight="bold">${title} (${unit})</text>`,
      ...ticks,
      `<text x="${W - pad.right}" y="${top + H - 8}" text-anchor="end">${end} s</text>`,
      `<text x="${pad.left}" y="${top + H - 8}">0 s</text>`,
      points.length ? `<polyline fill="none" stroke="#1f6feb" stroke-width="2" points="${line}"/>` : '',
    ].join('\n');
  };
  const rss = s.samples.filter((x) => x.rssMb !== null).map((x) => ({ t: x.t, v: x.rssMb! }));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${2 * H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${2 * H}" fill="white"/>`,
    panel('server RSS', 'MB', rss, 0),
    panel(
      'p99 latency per window',
      'ms',
      s.samples.map((x) => ({ t: x.t, v: x.p99 })),
      H,
    ),
    '</svg>',
    '',
  ].join('\n');
}
