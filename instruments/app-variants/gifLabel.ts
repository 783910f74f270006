import { CODE39 } from '../../reference-app/label-image.ts';
import { mapLabel } from '../app-faults/lib.ts';
import type { AppVariant } from './types.ts';

/** The tracking number as a Code 39 barcode (narrow 2 px, wide 5 px, 60 px high): 1 is ink, row by row. */
function barcode(text: string): { width: number; height: number; ink: Uint8Array } {
  const row: number[] = [];
  for (const c of `*${text}*`) {
    [...(CODE39[c] ?? CODE39['-']!)].forEach((wide, i) =>
      row.push(...Array<number>(wide === '1' ? 5 : 2).fill(i % 2 ? 0 : 1)),
    );
    row.push(0, 0);
  }
  const height = 60;
  const ink = new Uint8Array(row.length * height);
  for (let y = 0; y < height; y++) ink.set(row, y * row.length);
  return { width: row.length, height, ink };
}

/**
 * A two-colour GIF89a of a bitmap. Its LZW stream never compresses: a clear code after every two pixels keeps the
 * code width at 3 bits (GIF89a's LZW with a minimum code size of 2), so the encoder is a few lines and the file valid.
 */
function gif(b: { width: number; height: number; ink: Uint8Array }): Buffer {
  const le16 = (n: number) => [n & 0xff, n >> 8];
  const CLEAR = 4;
  const END = 5;
  const codes: number[] = [];
  b.ink.forEach((p, i) => {
    if (i % 2 === 0) codes.push(CLEAR);
    codes.push(p);
  });
  codes.push(END);
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const code of codes) {
    acc |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits) bytes.push(acc);
  const blocks: number[] = [];
  for (let i = 0; i < bytes.length; i += 255) blocks.push(Math.min(255, bytes.length - i), ...bytes.slice(i, i + 255));
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...le16(b.width),
    ...le16(b.height),
    0x80, // a global colour table of 2 entries
    0,
    0,
    ...[0xff, 0xff, 0xff, 0, 0, 0], // 0 white, 1 black (ink)
    0x2c,
    ...le16(0),
    ...le16(0),
    ...le16(b.width),
    ...le16(b.height),
    0,
    2, // the LZW minimum code size
    ...blocks,
    0,
    0x3b,
  ]);
}

export default {
  description:
    "Draws its label as a GIF (the tracking number as a Code 39 barcode), not a PNG: §2.11 shows 'a data URI of base64 image data' and leaves the image formats open ('Permitted image formats … not shown'); PNG is the reference App's choice (D-73).",
  decides: ['D-73'],
  apply: (app) =>
    mapLabel(app, (l) => ({
      ...l,
      image: `data:image/gif;base64,${gif(barcode(l.trackingNumber)).toString('base64')}`,
    })),
} satisfies AppVariant;
