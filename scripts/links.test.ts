// The link check of scripts/package.test.ts on strings: what it finds in markdown and HTML, and that it fails on a
// planted bad link of each kind (a missing file, a missing heading, a path out of the package, an unlisted address,
// a page that fetches from another host).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  anchorsIn,
  brokenLinks,
  externalResources,
  htmlLinksIn,
  linksIn,
  markdownLinkedFrom,
  slugOf,
  type Lookup,
} from './links.ts';

test('linksIn: inline links, images, a badge inside a link, definitions, autolinks and HTML; not code', () => {
  const md = [
    '# Title', //                                                                   1
    '',
    '[the contract](openapi/README.md) and ![badge](conformance/badge.svg "a title")', // 3
    '[![nested](img.svg)](target.md#part) [a [bracketed] text](<with space.md>)', //   4
    '`[in a code span](nowhere.md)` and `a span', //                                   5
    'over two lines [x](nowhere.md)` then [after](after.md)', //                        6
    '',
    '```sh',
    '[in a block](nowhere.md)',
    '```',
    '<!-- [in a comment](nowhere.md) -->',
    '[ref]: defined.md', //                                                             12
    '<https://example.org/x> <a href="html.md">a</a> <img src="pic.png">', //          13
    '\\[not a link](nowhere.md)',
  ].join('\n');
  assert.deepEqual(linksIn(md), [
    { target: 'openapi/README.md', image: false, line: 3 },
    { target: 'conformance/badge.svg', image: true, line: 3 },
    { target: 'target.md#part', image: false, line: 4 },
    { target: 'img.svg', image: true, line: 4 },
    { target: 'with space.md', image: false, line: 4 },
    { target: 'after.md', image: false, line: 6 },
    { target: 'defined.md', image: false, line: 12 },
    { target: 'https://example.org/x', image: false, line: 13 },
    { target: 'html.md', image: false, line: 13 },
    { target: 'pic.png', image: true, line: 13 },
  ]);
});

test("anchorsIn: GitHub's anchors of the headings, numbered when repeated; none from a code block", () => {
  assert.equal(slugOf('Store Administration API — reference toolkit'), 'store-administration-api--reference-toolkit');
  assert.equal(slugOf('Installing the suite (other teams)'), 'installing-the-suite-other-teams');
  assert.equal(slugOf('`TARGET_URL` and [a link](x.md), 2.5'), 'target_url-and-a-link-25');
  const md = ['# A', '## A', 'Setext', '======', '```', '# not a heading', '```', '<a id="kept"></a>', '## A ##'];
  assert.deepEqual([...anchorsIn(md.join('\n'))].sort(), ['a', 'a-1', 'a-2', 'kept', 'setext']);
});

/** A package of files as a lookup: folders are the paths' parents. */
const packageOf =
  (files: Record<string, string>): Lookup =>
  (path) => {
    if (path in files) return files[path];
    const folder = path === '.' ? '' : `${path}/`;
    return Object.keys(files).some((f) => f.startsWith(folder)) ? 'folder' : undefined;
  };

const good = {
  'README.md': [
    '# Toolkit',
    '## Installing',
    '[install](#installing), [contract](openapi/README.md#flows), [folder](openapi/), [docs](build/docs/index.html)',
    '![badge](badge.svg) [spec](https://spec.openapis.org/oas/v3.1.0) [same](README.md)',
  ].join('\n'),
  'openapi/README.md': '# Contract\n## Flows\n[up](../README.md#toolkit) [decisions](DECISIONS.md)',
  'openapi/DECISIONS.md': '# Decisions',
  'badge.svg': '<svg/>',
  'build/docs/index.html': '<a href="decisions.html#D-01">D-01</a> <a href="/route">r</a> <a href="`+x+`">s</a>',
  'build/docs/decisions.html': '<h2 id="D-01">D-01</h2>',
};
const stable = ['https://spec.openapis.org/'];

test('brokenLinks: none in a package whose links all resolve', () => {
  const lookup = packageOf(good);
  for (const file of ['README.md', 'openapi/README.md', 'build/docs/index.html'])
    assert.deepEqual(brokenLinks(file, lookup, stable), [], file);
  assert.deepEqual(markdownLinkedFrom('README.md', good['README.md']), ['openapi/README.md']);
  assert.deepEqual(markdownLinkedFrom('openapi/README.md', good['openapi/README.md']), [
    'README.md',
    'openapi/DECISIONS.md',
  ]);
});

test('brokenLinks: each planted bad link is found, with its line and why', () => {
  const planted = (line: string, file = 'README.md') => {
    const lookup = packageOf({ ...good, [file]: `${good[file as keyof typeof good]}\n${line}` });
    return brokenLinks(file, lookup, stable).map((b) => `${b.line} ${b.target}: ${b.problem}`);
  };
  assert.deepEqual(planted('[gone](scripts/README.md)'), [
    '5 scripts/README.md: no such file or folder in the package',
  ]);
  assert.deepEqual(planted('![gone](conformance/badge.svg)'), [
    '5 conformance/badge.svg: no such file or folder in the package',
  ]);
  assert.deepEqual(planted('[no such part](openapi/README.md#arazzo)'), [
    '5 openapi/README.md#arazzo: no heading #arazzo in openapi/README.md',
  ]);
  assert.deepEqual(planted('[no such part](#settings)'), ['5 #settings: no heading #settings in README.md']);
  assert.deepEqual(planted('[out](../other/README.md)'), ['5 ../other/README.md: leaves the package']);
  assert.deepEqual(planted('[root](/openapi/README.md)'), [
    '5 /openapi/README.md: starts at /, which is no place in an installed package',
  ]);
  assert.deepEqual(planted('[a folder?](badge.svg/)'), ['5 badge.svg/: a file, not a folder']);
  assert.deepEqual(planted('[unlisted](https://example.org/a)'), [
    '5 https://example.org/a: an address not listed as stable',
  ]);
  assert.deepEqual(planted('[gone](../../README.md)', 'openapi/README.md'), ['4 ../../README.md: leaves the package']);
  assert.deepEqual(
    brokenLinks('build/docs/index.html', packageOf({ ...good, 'build/docs/decisions.html': '<h2 id="D-02">' })).map(
      (b) => b.problem,
    ),
    ['no heading #D-01 in build/docs/decisions.html'],
  );
  assert.deepEqual(brokenLinks('missing.md', packageOf(good)), [
    { file: 'missing.md', target: 'missing.md', image: false, line: 0, problem: 'no such file' },
  ]);
});

test('htmlLinksIn and externalResources: the files a page links, and what it would fetch from another host', () => {
  const page = [
    '<html><head>',
    '<script src="https://cdn.example.com/redoc.js"></script>',
    '<link rel="stylesheet" href="//fonts.example.com/css">',
    '<style>@import "https://fonts.example.com/a.css"; body { background: url(https://img.example.com/b.png) }</style>',
    '</head><body><img src="https://img.example.com/logo.png"> <img src="logo.png">',
    '<a href="https://example.com/page">a link is not fetched</a> <a href="source.html#s-1">source</a>',
    '<script>const example = { url: "https://cdn.example.com/x.jpg" }; const h = "<a href=\\"/x\\">"</script>',
    '</body></html>',
  ].join('\n');
  assert.deepEqual(externalResources(page).sort(), [
    '//fonts.example.com/css',
    'https://cdn.example.com/redoc.js',
    'https://fonts.example.com/a.css',
    'https://img.example.com/b.png',
    'https://img.example.com/logo.png',
  ]);
  assert.deepEqual(
    htmlLinksIn(page).map((l) => l.target),
    ['logo.png', 'source.html#s-1'],
  );
  assert.deepEqual(externalResources('<img src="data:image/svg+xml;base64,AA"><script>/* inline */</script>'), []);
});
