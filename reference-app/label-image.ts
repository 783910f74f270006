// The image of a shipping label (§2.11 "a data URI of base64 image data"): a 4 × 6 inch label at 200 dpi, drawn as a
// 1-bit bitmap and written as PNG (RFC 2083) with node:zlib's deflate and CRC-32. It carries the service, the
// addresses and the tracking number in words (a 5 × 7 font), the tracking number as a Code 39 barcode (ISO/IEC
// 16388), which any scanner reads, and the zone as sorting marks. The demo's product photos (reference-server/demo/images.ts) are SVG, which
// a label printer does not take, so they are not reused here.
import { crc32, deflateSync } from 'node:zlib';
import type { Zone } from './tariff.ts';

export const LABEL_WIDTH = 800;
export const LABEL_HEIGHT = 1200;

/**
 * Code 39: each character is 9 elements (bar, space, bar, …, bar), 1 wide and 0 narrow, three of them wide; `*` starts
 * and ends every symbol. The digits, the capital letters and the three signs a tracking number may hold.
 */
export const CODE39: Record<string, string> = {
  '0': '000110100',
  '1': '100100001',
  '2': '001100001',
  '3': '101100000',
  '4': '000110001',
  '5': '100110000',
  '6': '001110000',
  '7': '000100101',
  '8': '100100100',
  '9': '001100100',
  A: '100001001',
  B: '001001001',
  C: '101001000',
  D: '000011001',
  E: '100011000',
  F: '001011000',
  G: '000001101',
  H: '100001100',
  I: '001001100',
  J: '000011100',
  K: '100000011',
  L: '001000011',
  M: '101000010',
  N: '000010011',
  O: '100010010',
  P: '001010010',
  Q: '000000111',
  R: '100000110',
  S: '001000110',
  T: '000010110',
  U: '110000001',
  V: '011000001',
  W: '111000000',
  X: '010010001',
  Y: '110010000',
  Z: '011010000',
  '-': '010000101',
  '.': '110000100',
  ' ': '011000100',
  '*': '010010100',
};

/**
 * A 5 × 7 font for the label's words: each glyph is 7 rows of 5 pixels, one hex byte per row (bit 4 the leftmost).
 * Capital letters, digits and the signs an address needs; a letter with an accent is written without it, and any other
 * character as `?`.
 */
export const FONT: Record<string, string> = {
  '0': '0E11131519110E',
  '1': '040C040404040E',
  '2': '0E11010204081F',
  '3': '1F02040201110E',
  '4': '02060A121F0202',
  '5': '1F101E0101110E',
  '6': '0608101E11110E',
  '7': '1F010204080808',
  '8': '0E11110E11110E',
  '9': '0E11110F01020C',
  A: '0E1111111F1111',
  B: '1E11111E11111E',
  C: '0E11101010110E',
  D: '1C12111111121C',
  E: '1F10101E10101F',
  F: '1F10101E101010',
  G: '0E11101711110F',
  H: '1111111F111111',
  I: '0E04040404040E',
  J: '0702020202120C',
  K: '11121418141211',
  L: '1010101010101F',
  M: '111B1515111111',
  N: '11111915131111',
  O: '0E11111111110E',
  P: '1E11111E101010',
  Q: '0E11111115120D',
  R: '1E11111E141211',
  S: '0F10100E01011E',
  T: '1F040404040404',
  U: '1111111111110E',
  V: '11111111110A04',
  W: '1111111515150A',
  X: '11110A040A1111',
  Y: '1111110A040404',
  Z: '1F01020408101F',
  ' ': '00000000000000',
  '-': '0000001F000000',
  '.': '00000000000C0C',
  ',': '000000000C0408',
  ':': '000C0C000C0C00',
  '/': '00010204081000',
  '(': '02040808080402',
  ')': '08040202020408',
  '+': '0004041F040400',
  "'": '0C040800000000',
  '&': '0C12140815120D',
  '#': '0A0A1F0A1F0A0A',
  '?': '0E110102040004',
};

/** A 1-bit picture, row by row: 1 is ink. */
interface Bitmap {
  width: number;
  height: number;
  ink: Uint8Array;
}

const blank = (width: number, height: number): Bitmap => ({ width, height, ink: new Uint8Array(width * height) });

/** Inks (or, with `ink` 0, clears) a rectangle, clipped to the picture. */
function rect(b: Bitmap, x: number, y: number, w: number, h: number, ink = 1): void {
  for (let row = Math.max(0, y); row < Math.min(b.height, y + h); row++)
    b.ink.fill(ink, row * b.width + Math.max(0, x), row * b.width + Math.min(b.width, x + w));
}

/** `text` as the font writes it: capitals, accents dropped, unknown characters `?`. */
export const printable = (text: string) =>
  [
    ...text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase(),
  ]
    .map((c) => (FONT[c] ? c : '?'))
    .join('');

/**
 * Writes `text` from (`x`, `y`), each font pixel `scale` pixels square, a pixel of space between characters; cut to
 * `maxWidth` pixels. `ink` 0 writes white (on the black band).
 */
function write(b: Bitmap, text: string, x: number, y: number, scale: number, maxWidth: number, ink = 1): void {
  const advance = 6 * scale;
  [...printable(text)].slice(0, Math.floor((maxWidth + scale) / advance)).forEach((c, i) => {
    const rows = FONT[c]!.match(/../g)!.map((h) => parseInt(h, 16));
    rows.forEach((bits, row) => {
      for (let col = 0; col < 5; col++)
        if (bits & (0x10 >> col)) rect(b, x + i * advance + col * scale, y + row * scale, scale, scale, ink);
    });
  });
}

/** The bars of `text` in Code 39, centred on `centreX`, `height` tall from `y`; narrow bars `narrow` pixels wide. */
function code39(b: Bitmap, text: string, centreX: number, y: number, height: number, narrow: number): void {
  const wide = narrow * 2.5;
  const symbol = `*${text}*`;
  const patterns = [...symbol].map((c) => {
    const p = CODE39[c];
    if (!p) throw new Error(`Code 39 has no character ${JSON.stringify(c)}`);
    return p;
  });
  // Each character, then a narrow gap between characters.
  const widthOf = (p: string) => [...p].reduce((w, e) => w + (e === '1' ? wide : narrow), 0);
  const total = patterns.reduce((w, p) => w + widthOf(p), 0) + narrow * (patterns.length - 1);
  let x = centreX - total / 2;
  for (const p of patterns) {
    [...p].forEach((e, i) => {
      const w = e === '1' ? wide : narrow;
      if (i % 2 === 0) rect(b, Math.round(x), y, Math.round(x + w) - Math.round(x), height);
      x += w;
    });
    x += narrow;
  }
}

/** One PNG chunk: length, type, data, and the CRC-32 of type and data (RFC 2083 §3.2). */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture as a 1-bit greyscale PNG (ink black, paper white), with `text` as tEXt chunks (keyword: text). */
export function png(b: Bitmap, text: Record<string, string> = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(b.width, 0);
  header.writeUInt32BE(b.height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter method 0, no interlace
  // Each row: filter type 0 (none), then its pixels 8 to a byte, most significant bit first; 1 is white.
  const rowBytes = Math.ceil(b.width / 8);
  const raw = Buffer.alloc((rowBytes + 1) * b.height, 0xff);
  for (let y = 0; y < b.height; y++) {
    raw[y * (rowBytes + 1)] = 0;
    for (let x = 0; x < b.width; x++)
      if (b.ink[y * b.width + x]) raw[y * (rowBytes + 1) + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...Object.entries(text).map(([k, v]) => chunk('tEXt', Buffer.from(`${k}\0${v}`, 'latin1'))),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ZONES: readonly Zone[] = ['domestic', 'europe', 'world'];

/** What a label shows, in words and bars. */
export interface LabelContent {
  trackingNumber: string;
  serviceCode: string;
  title: string;
  zone: Zone;
  /** The destination's lines (name, company, street, town, postcode, country). */
  to: string[];
  /** The origin's lines. */
  from: string[];
  /** One line of particulars: weight, dispatch date. */
  details: string;
}

/**
 * The label of one box: a frame; a black band with the service's title and one white sorting mark per zone step
 * (domestic 1, Europe 2, rest of the world 3); the addresses; the tracking number as a barcode and in words. A PNG.
 */
export function labelImage(label: LabelContent): Buffer {
  const b = blank(LABEL_WIDTH, LABEL_HEIGHT);
  const inner = LABEL_WIDTH - 80;
  rect(b, 0, 0, LABEL_WIDTH, LABEL_HEIGHT);
  rect(b, 8, 8, LABEL_WIDTH - 16, LABEL_HEIGHT - 16, 0);
  rect(b, 8, 8, LABEL_WIDTH - 16, 200);
  write(b, label.title, 40, 48, 10, inner - 3 * 70, 0);
  write(b, label.serviceCode, 40, 150, 4, 300, 0);
  for (let i = 0; i <= ZONES.indexOf(label.zone); i++) rect(b, LABEL_WIDTH - 100 - i * 70, 60, 50, 50, 0);
  write(b, 'Ship to:', 40, 240, 3, inner);
  label.to.slice(0, 6).forEach((line, i) => write(b, line, 40, 272 + i * 48, 6, inner));
  write(b, 'From:', 40, 570, 3, inner);
  label.from.slice(0, 3).forEach((line, i) => write(b, line, 40, 600 + i * 30, 3, inner));
  write(b, label.details, 40, 700, 3, inner);
  rect(b, 8, 740, LABEL_WIDTH - 16, 8);
  code39(b, label.trackingNumber, LABEL_WIDTH / 2, 790, 240, 3);
  const words = label.trackingNumber.replace(/^(..)(.{8})(.)(..)$/, '$1 $2 $3 $4');
  write(b, words, LABEL_WIDTH / 2 - (words.length * 30 - 5) / 2, 1050, 5, inner);
  rect(b, 8, 1110, LABEL_WIDTH - 16, 8);
  write(b, 'Store Administration API - reference App', 40, 1140, 2, inner);
  return png(b, {
    Title: `Shipping label ${label.trackingNumber}`,
    Description: `${label.title} (${label.serviceCode}), ${label.zone}`,
    Software: 'Store Administration API reference App',
  });
}
