// The links of a markdown file, and which of them lead nowhere: what scripts/package.test.ts checks in the README.md
// of the installed package and in the READMEs it links (links.test.ts plants bad ones). Pure: the files are given as
// a lookup, so the same check runs on the installed package, on a clone, or on strings.
import { posix } from 'node:path';

/** A link or an image of a markdown file, as written. */
export interface Link {
  /** The destination, as written (`openapi/README.md#arazzo-flows`, `https://…`, `#settings`). */
  target: string;
  /** An image (`![alt](src)`, `<img src>`), not a link. */
  image: boolean;
  /** Its line, from 1. */
  line: number;
}

/** Whether a link leaves the files for an address of its own (a scheme: `https:`, `mailto:`). */
export const isAbsolute = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** The same text with `pattern`'s matches blanked out, newlines kept, so that offsets and lines stay those of `text`. */
const blank = (text: string, pattern: RegExp) => text.replace(pattern, (m) => m.replace(/[^\n]/g, ' '));

/**
 * The text without what holds no links: HTML comments, fenced code blocks and code spans (a code span may run over
 * lines of one paragraph, never over a blank line). Blanked, not removed, so that offsets and lines stay.
 */
function prose(markdown: string): string {
  let text = blank(markdown, /<!--[\s\S]*?-->/g);
  text = blank(text, /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm);
  return blank(text, /(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])+?(?<!`)\1(?!`)/g);
}

/** The index of the bracket closing the one at `open` (`[`…`]` or `(`…`)`, nested ones counted), or -1. */
function closing(text: string, open: number): number {
  const [o, c] = text[open] === '[' ? ['[', ']'] : ['(', ')'];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === o) depth++;
    else if (text[i] === c && --depth === 0) return i;
    else if (text[i] === '\n' && text[i + 1] === '\n') return -1;
  }
  return -1;
}

/** A link's destination without its title: `<a b.md>` → `a b.md`, `a.md "title"` → `a.md`. */
function destination(inside: string): string {
  const s = inside.trim();
  if (s.startsWith('<')) return s.slice(1, s.indexOf('>'));
  return s.split(/\s+/)[0] ?? '';
}

/**
 * Every link and image of `markdown`: inline ones (`[text](target)`, `![alt](src)`, nested ones such as a badge in
 * a link), reference definitions (`[name]: target`), autolinks (`<https://…>`) and HTML `href` and `src`; not what is
 * inside code, a code span or an HTML comment.
 */
export function linksIn(markdown: string): Link[] {
  const text = prose(markdown);
  const lineOf = (offset: number) => markdown.slice(0, offset).split('\n').length;
  const links: { at: number; link: Link }[] = [];
  const add = (at: number, target: string, image: boolean) =>
    links.push({ at, link: { target, image, line: lineOf(at) } });
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
    if (text[i - 1] === '\\') continue;
    const end = closing(text, i);
    if (end < 0) continue;
    if (text[end + 1] === '(') {
      const close = closing(text, end + 1);
      if (close > 0) add(i, destination(text.slice(end + 2, close)), text[i - 1] === '!');
    } else if (text[end + 1] === ':' && /(?:^|\n) {0,3}$/.test(text.slice(0, i))) {
      const def = /^:[ \t]*\n?[ \t]*(<[^>\n]*>|\S+)/.exec(text.slice(end + 1));
      if (def) add(i, destination(def[1]!), false);
    }
  }
  for (const m of text.matchAll(/<((?:https?|mailto):[^\s<>]+)>/g)) add(m.index, m[1]!, false);
  for (const m of text.matchAll(/<(a|img|source)\b[^>]*?\s(href|src)\s*=\s*("[^"]*"|'[^']*')/gi))
    add(m.index, m[3]!.slice(1, -1), m[1]!.toLowerCase() !== 'a');
  return links.sort((a, b) => a.at - b.at).map((l) => l.link);
}

/**
 * A heading's anchor as GitHub (and the npm package page) make it: the text without its markup, lower-cased, every
 * character that is not a letter, a digit, a space, `-` or `_` dropped, spaces made hyphens.
 */
export function slugOf(heading: string): string {
  const plain = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '');
  return plain
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The anchors a markdown file has: one per heading (ATX `## …` and setext, underlined), the second of a name
 * `-1`, the third `-2` (GitHub's numbering), and the `id` or `name` of an HTML element.
 */
export function anchorsIn(markdown: string): Set<string> {
  const text = prose(markdown);
  const anchors = new Set<string>();
  const count = new Map<string, number>();
  const heading = (h: string) => {
    const slug = slugOf(h);
    const n = count.get(slug) ?? 0;
    count.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  };
  // Found in the text without code (a `#` line of a code block is no heading), named by the line as written.
  const lines = markdown.split('\n');
  const seen = text.split('\n');
  seen.forEach((line, i) => {
    const written = lines[i]!;
    if (/^ {0,3}#{1,6}(?:[ \t]|$)/.test(line))
      heading(written.replace(/^ {0,3}#{1,6}/, '').replace(/[ \t]+#+[ \t]*$/, ''));
    else if (
      i > 0 &&
      /^ {0,3}(?:=+|-+)[ \t]*$/.test(line) &&
      /\S/.test(seen[i - 1]!) &&
      /^ {0,3}[^\s#>*+|-]/.test(lines[i - 1]!)
    )
      heading(lines[i - 1]!);
  });
  for (const m of text.matchAll(/<[a-z][^>]*?\s(?:id|name)\s*=\s*("[^"]*"|'[^']*')/gi)) anchors.add(m[1]!.slice(1, -1));
  return anchors;
}

/** The anchors of an HTML page: the `id` and `name` of its elements. */
export function htmlAnchorsIn(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:id|name)\s*=\s*"([^"]*)"/g)].map((m) => m[1]!));
}

/**
 * The links and images of an HTML page that name a file beside it: the `href` and `src` attributes written in its
 * markup whose value is a relative path (`decisions.html#D-02`, `../../openapi/CHANGELOG.md`). Not a path from `/`
 * (the Redoc page's own routes, which its script handles) nor a value its script builds (`"`+x+`"`).
 */
export function htmlLinksIn(html: string): Link[] {
  const lineOf = (offset: number) => html.slice(0, offset).split('\n').length;
  return [...html.matchAll(/<(a|link|img|script|source|iframe)\b[^>]*?\s(href|src)\s*=\s*"([^"]*)"/gi)]
    .filter((m) => !/^(?:\/|#|$)|[`+$]/.test(m[3]!) && !isAbsolute(m[3]!))
    .map((m) => ({ target: m[3]!, image: m[1]!.toLowerCase() === 'img', line: lineOf(m.index) }));
}

/** What a link's checker may ask of the files: a file's text, `'folder'` for a folder, undefined for neither. */
export type Lookup = (path: string) => string | 'folder' | undefined;

/** A link that leads nowhere: where it is, and why. */
export interface Broken extends Link {
  file: string;
  problem: string;
}

/**
 * The links of the markdown file `file` (or of the HTML page, htmlLinksIn; a path from the package's root,
 * `/`-separated) that lead nowhere: a relative one whose file or folder `lookup` does not know (one that climbs out of
 * the package or starts at `/` included), or whose anchor is not a heading of that markdown file (or an id of that
 * HTML page); an absolute one that starts with none of `allowed` (the stable public addresses).
 */
export function brokenLinks(file: string, lookup: Lookup, allowed: readonly string[] = []): Broken[] {
  const text = lookup(file);
  if (typeof text !== 'string' || text === 'folder')
    return [{ file, target: file, image: false, line: 0, problem: 'no such file' }];
  const broken: Broken[] = [];
  for (const link of /\.html?$/i.test(file) ? htmlLinksIn(text) : linksIn(text)) {
    const fail = (problem: string) => broken.push({ ...link, file, problem });
    if (isAbsolute(link.target)) {
      if (!allowed.some((a) => link.target.startsWith(a))) fail('an address not listed as stable');
      continue;
    }
    const [pathPart, anchor] = link.target.split('#', 2) as [string, string | undefined];
    const path = decodeURI(pathPart.split('?')[0]!);
    if (path.startsWith('/')) {
      fail('starts at /, which is no place in an installed package');
      continue;
    }
    const resolved = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, '');
    if (resolved === '..' || resolved.startsWith('../')) {
      fail('leaves the package');
      continue;
    }
    const found = lookup(resolved === '' ? '.' : resolved);
    if (found === undefined) {
      fail('no such file or folder in the package');
      continue;
    }
    if (path.endsWith('/') && found !== 'folder') fail('a file, not a folder');
    if (anchor === undefined || anchor === '') continue;
    if (found === 'folder') fail('an anchor on a folder');
    else if (
      /\.md$/i.test(resolved)
        ? !anchorsIn(found).has(decodeURIComponent(anchor))
        : /\.html?$/i.test(resolved) && !htmlAnchorsIn(found).has(decodeURIComponent(anchor))
    )
      fail(`no heading #${anchor} in ${resolved}`);
  }
  return broken;
}

/** The markdown files `file` links to (relative links only, resolved from the package's root), each once. */
export function markdownLinkedFrom(file: string, text: string): string[] {
  const linked = linksIn(text)
    .map((l) => l.target.split('#')[0]!)
    .filter((t) => !isAbsolute(t) && /\.md$/i.test(t) && !t.startsWith('/'))
    .map((t) => posix.normalize(posix.join(posix.dirname(file), decodeURI(t))));
  return [...new Set(linked)].filter((f) => !f.startsWith('../') && f !== file);
}

/**
 * What an HTML page would fetch from another host as it opens: a `src` (script, image, frame, media), a `<link href>`
 * (stylesheet, font, preload), a CSS `url(…)` or `@import`, that is `http(s)://…` or `//…`. A link (`<a href>`) is
 * not fetched, and a URL inside a script's strings (an example value of the document) is not either.
 */
export function externalResources(html: string): string[] {
  const remote = String.raw`(?:https?:)?\/\/[^"'\s)>]+`;
  const patterns = [
    new RegExp(
      String.raw`<(?:script|img|iframe|frame|source|embed|video|audio|track|input)\b[^>]*?\ssrc(?:set)?\s*=\s*["']?(${remote})`,
      'gi',
    ),
    new RegExp(String.raw`<(?:link|use|image)\b[^>]*?\s(?:xlink:)?href\s*=\s*["']?(${remote})`, 'gi'),
    new RegExp(String.raw`url\(\s*["']?(${remote})`, 'gi'),
    new RegExp(String.raw`@import\s+["'](${remote})`, 'gi'),
  ];
  return patterns.flatMap((p) => [...html.matchAll(p)].map((m) => m[1]!));
}
