// A hand-written SVG of the benchmark ratios: horizontal bars on a log scale, each group with the line of its bar.
export interface Bar {
  label: string;
  value: number | null;
}
export interface Group {
  title: string;
  bars: Bar[];
  target?: { value: number; label: string };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function chart(groups: Group[]): string {
  const width = 900,
    left = 330,
    right = 60,
    rowH = 22,
    min = 0.1,
    max = 1000;
  const x = (v: number) =>
    left +
    ((Math.log10(Math.min(Math.max(v, min), max)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) *
      (width - left - right);
  const parts: string[] = [];
  let y = 30;
  for (const g of groups) {
    parts.push(`<text x="10" y="${y}" font-weight="bold">${esc(g.title)}</text>`);
    y += 10;
    const top = y;
    for (const b of g.bars) {
      const w = b.value === null ? 0 : x(b.value) - left;
      parts.push(
        `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${esc(b.label)}</text>`,
        `<rect x="${left}" y="${y + 3}" width="${Math.max(w, 1).toFixed(1)}" height="${rowH - 6}" fill="#4a7fb5"/>`,
        `<text x="${(left + Math.max(w, 1) + 5).toFixed(1)}" y="${y + 15}">${b.value === null ? 'n/a' : `${b.value.toFixed(2)}×`}</text>`,
      );
      y += rowH;
    }
    if (g.target) {
      const tx = x(g.target.value).toFixed(1);
      parts.push(
        `<line x1="${tx}" y1="${top}" x2="${tx}" y2="${y}" stroke="#c0392b" stroke-dasharray="4 3"/>`,
        `<text x="${tx}" y="${y + 12}" fill="#c0392b" text-anchor="middle">${esc(g.target.label)}</text>`,
      );
      y += 14;
    }
    y += 24;
  }
  const axis = [0.1, 1, 10, 100, 1000].map(
    (v) =>
      `<line x1="${x(v)}" y1="20" x2="${x(v)}" y2="${y - 20}" stroke="#ddd"/><text x="${x(v)}" y="${y - 6}" text-anchor="middle" fill="#777">${v}×</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
${axis.join('\n')}
${parts.join('\n')}
</svg>
`;
}
