// The demo store's product photos, drawn here rather than fetched (demo/README.md: no network needed): a small SVG
// per product and photo number, its colours taken from the product's slug, so every product of a grid looks different
// and every image loads from the server that holds the product. app.ts serves them at `/demo/images/<slug>/<n>.svg`
// whether or not the server was started with `--demo`, so a database seeded once keeps its pictures.
import type { NextFunction, Request, Response } from 'express';

export const DEMO_IMAGES = '/demo/images';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE = /^([1-9])\.svg$/;

/** The path of photo `n` of the product `slug` (a path: seed.ts makes it absolute on the server's origin). */
export const demoImagePath = (slug: string, n: number) => `${DEMO_IMAGES}/${slug}/${n}.svg`;

/** A number from the slug, stable across runs, for the hue. */
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/** Photo `n` of `slug`: a tin (1), a cup (2) or a packet (3 and on) on a background of the product's hue. */
export function demoImage(slug: string, n: number): string {
  const hue = hash(slug) % 360;
  const label = slug.replace(/-/g, ' ').toUpperCase();
  const shape =
    n === 1
      ? `<rect x="110" y="70" width="180" height="200" rx="16" fill="hsl(${hue} 45% 35%)"/><rect x="110" y="130" width="180" height="70" fill="hsl(${hue} 40% 88%)"/>`
      : n === 2
        ? `<path d="M120 120h140v90a60 60 0 0 1-60 60h-20a60 60 0 0 1-60-60z" fill="hsl(${hue} 45% 35%)"/><path d="M260 140h20a30 30 0 0 1 0 60h-20" fill="none" stroke="hsl(${hue} 45% 35%)" stroke-width="14"/>`
        : `<path d="M130 80h140l20 190H110z" fill="hsl(${hue} 45% 35%)"/><rect x="140" y="150" width="120" height="50" fill="hsl(${hue} 40% 88%)"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${label}">`,
    `<rect width="400" height="400" fill="hsl(${hue} 55% 92%)"/>`,
    shape,
    `<text x="200" y="330" text-anchor="middle" font-family="sans-serif" font-size="20" fill="hsl(${hue} 45% 25%)">${label}</text>`,
    '</svg>',
  ].join('');
}

/** GET `/demo/images/<slug>/<n>.svg`: the image, drawn; anything else under it is not ours (next: a 404). */
export function serveDemoImage(req: Request, res: Response, next: NextFunction): void {
  const { slug, file } = req.params as { slug: string; file: string };
  const n = FILE.exec(file)?.[1];
  if (!SLUG.test(slug) || slug.length > 64 || !n) return next();
  // An image, never a document: no script runs in it even opened on its own (the API's origin).
  res.set({
    'Content-Type': 'image/svg+xml',
    'Cache-Control': 'public, max-age=86400',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.send(demoImage(slug, Number(n)));
}
