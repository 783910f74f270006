// The two pages the docs link to, written beside index.html: the source text (openapi/source.txt, a copy of the
// seed that a test keeps equal) with an anchor per section (`source.html#s-4.3`), and the decisions register
// (openapi/DECISIONS.md) with an anchor per entry (`decisions.html#D-02`). Self-contained HTML, no script and no
// request, like the docs page itself.
import { decisionsPage, sourceAnchor, sourcePage } from './enrich.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The section numbers of the source's headings (`## 1. What…` → `1`, `### 2.1 Conventions` → `2.1`). */
export const sectionsOf = (source: string): Set<string> =>
  new Set([...source.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]!));

/** Inline Markdown of the register: code spans, bold, and links to entries and to the source's sections. */
function inline(text: string, sections: Set<string>): string {
  return text
    .replace(/\\\|/g, '|')
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? `<code>${escape(part.slice(1, -1))}</code>`
        : escape(part)
            .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
            .replace(/\bD-(\d{2,3})\b/g, (m) => `<a href="#${m}">${m}</a>`)
            .replace(/(RFC \d+ |brief )?§(\d+(?:\.\d+)*)/g, (m, other: string | undefined, n: string) =>
              other || !sections.has(n) ? m : `<a href="${sourcePage}#${sourceAnchor(n)}">§${n}</a>`,
            ),
    )
    .join('');
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(title)}</title>
<style>
body { font: 15px/1.5 sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
pre { white-space: pre-wrap; font: inherit; margin: 0 0 1rem; }
code { font-family: monospace; background: #f4f4f4; padding: 0 .2em; }
section { border-top: 1px solid #ddd; padding-top: .5rem; }
:target { background: #fff8d6; }
nav a { margin-right: 1rem; }
</style>
</head>
<body>
<nav><a href="index.html">API reference</a><a href="${sourcePage}">Source text</a><a href="${decisionsPage}">Decisions register</a></nav>
${body}
</body>
</html>
`;

/** The source text, each heading an anchor; the text between headings as written. */
export function sourceHtml(source: string): string {
  const parts: string[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.join('').trim()) parts.push(`<pre>${escape(text.join('\n').trim())}</pre>`);
    text = [];
  };
  for (const line of source.split('\n')) {
    const heading = /^(#{1,4}) (.*)$/.exec(line);
    if (!heading) {
      text.push(line);
      continue;
    }
    flush();
    const level = heading[1]!.length;
    const n = /^(\d+(?:\.\d+)*)\.? /.exec(heading[2]!)?.[1];
    const id = n && level > 1 ? ` id="${sourceAnchor(n)}"` : '';
    parts.push(`<h${level}${id}>${escape(heading[2]!)}</h${level}>`);
  }
  flush();
  return page('Source text — Store Administration API', parts.join('\n'));
}

/** The decisions register: its introduction, then one section per entry, `id="D-nn"`. */
export function decisionsHtml(register: string, sections: Set<string>): string {
  const lines = register.split('\n');
  const intro: string[] = [];
  const entries: string[] = [];
  for (const line of lines) {
    const row = /^\| (D-\d+) \| (.*) \| (.*) \|$/.exec(line);
    if (row) {
      const [, id, rule, why] = row;
      entries.push(
        `<section id="${id}"><h2>${id}</h2><p>${inline(rule!, sections)}</p><p><em>Why:</em> ${inline(why!, sections)}</p></section>`,
      );
    } else if (line.startsWith('# ')) intro.push(`<h1>${escape(line.slice(2))}</h1>`);
    else if (!line.startsWith('|')) intro.push(line);
  }
  const introHtml = intro
    .join('\n')
    .split(/\n\s*\n/)
    .map((p) => (p.startsWith('<h1>') ? p : p.trim() ? `<p>${inline(p, sections)}</p>` : ''))
    .join('\n');
  return page('Decisions register — Store Administration API', `${introHtml}\n${entries.join('\n')}`);
}
