// `npm run docs`: the rendered reference, self-contained. `redocly build-docs --inlineBundle`
// inlines Redoc's script, but Redoc 3 still points its "API docs by" badge at a logo on Redocly's CDN: offline, or
// with the network blocked, that is a failed request and a console error on every load. The page is rewritten to
// draw the same badge from an inline image, so opening it fetches nothing (browser/docs.spec.ts proves it).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { decisionsPage, enrich, sourcePage } from './enrich.ts';
import { decisionsHtml, sectionsOf, sourceHtml } from './pages.ts';
import { bin, root, run } from '../run.ts';

const docsPage = `${root}/reports/docs/index.html`;

/** The logos the badge loads (full in the open sidebar, mini in the collapsed one), matched by their file names. */
const CDN_LOGO = /https:\/\/[a-z.]+\/redoc\/logo-mini(-full)?\.svg/g;
/** The badge's word, drawn in the page's own font: an SVG as a data: URL, which is no request. */
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14"><text x="0" y="11" font-family="sans-serif" font-size="11" fill="#3c3c3c">Redocly</text></svg>',
)}`;

// What the page renders: the bundle with code samples, the Getting started section, the catalogues, the callbacks in
// the navigation and every D-nn and § linked (docs/enrich.ts); the two pages those links reach are written beside it.
const source = readFileSync(`${root}/openapi/source.txt`, 'utf8');
const sections = sectionsOf(source);
mkdirSync(`${root}/reports/docs`, { recursive: true });
const docsBundle = `${root}/reports/docs/openapi.docs.json`;
writeFileSync(docsBundle, JSON.stringify(enrich(sections), null, 2));
writeFileSync(`${root}/reports/docs/${sourcePage}`, sourceHtml(source));
writeFileSync(
  `${root}/reports/docs/${decisionsPage}`,
  decisionsHtml(readFileSync(`${root}/openapi/DECISIONS.md`, 'utf8'), sections),
);

const code = run(bin('redocly'), ['build-docs', docsBundle, '--inlineBundle', '-o', 'reports/docs/index.html']);
if (code !== 0) process.exit(code);
const page = readFileSync(docsPage, 'utf8');
const logos = page.match(CDN_LOGO)?.length ?? 0;
writeFileSync(docsPage, page.replace(CDN_LOGO, INLINE_LOGO));
console.log(`docs: reports/docs/index.html (${logos} CDN logo reference${logos === 1 ? '' : 's'} made inline)`);
