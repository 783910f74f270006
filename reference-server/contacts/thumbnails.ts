// Contact thumbnails (§2.2, D-24): a content URI is kept; a data URI, bare base64 or http(s) URL of a PNG, JPEG,
// GIF or WebP image of at most 1 MiB is stored in the `content` table (served by app.ts at /content/…).
import { fail } from '../core/errors.ts';
import { sql, type Db } from '../store/db.ts';

export const MAX_IMAGE_BYTES = 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 5000;

export interface Image {
  mime: string;
  ext: string;
  data: Uint8Array;
}
/** What a write asks for: keep or clear a content URI, or store a new image. */
export type Thumbnail = { uri: string | null } | { image: Image };

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const signatures: { mime: string; ext: string; bytes: (number | null)[] }[] = [
  { mime: 'image/png', ext: 'png', bytes: [0x89, ...ascii('PNG\r\n\x1a\n')] },
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', ext: 'gif', bytes: ascii('GIF8') },
  { mime: 'image/webp', ext: 'webp', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] }, // null: the RIFF size
];

/** The image type told by the magic bytes, not by what the sender claims. */
export function sniff(data: Uint8Array): { mime: string; ext: string } | undefined {
  const sig = signatures.find(
    (s) => data.length > s.bytes.length && s.bytes.every((b, i) => b === null || data[i] === b),
  );
  return sig && { mime: sig.mime, ext: sig.ext };
}

function image(data: Uint8Array): Image | undefined {
  const type = data.length <= MAX_IMAGE_BYTES ? sniff(data) : undefined;
  return type && { ...type, data };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A data URI (`data:image/png;base64,…`) or a bare base64 string of an image; undefined for anything else. */
export function decodeInline(value: string): Image | undefined {
  const dataUri = /^data:image\/[a-z0-9.+-]+;base64,(.*)$/is.exec(value);
  const b64 = (dataUri ? dataUri[1]! : value).replace(/\s+/g, '');
  if (!b64 || !BASE64.test(b64)) return undefined;
  return image(Buffer.from(b64, 'base64'));
}

/** Downloads an image: 2xx, an image content type, at most 1 MiB, within the timeout; undefined otherwise. */
export async function download(url: string, timeoutMs = DOWNLOAD_TIMEOUT_MS): Promise<Image | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const type = res.headers.get('content-type') ?? '';
    if (
      !res.ok ||
      !type.toLowerCase().startsWith('image/') ||
      Number(res.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES ||
      !res.body
    ) {
      await res.body?.cancel();
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) return undefined; // leaving the loop cancels the stream
      chunks.push(chunk);
    }
    return image(Buffer.concat(chunks));
  } catch {
    return undefined; // unreachable host, timeout, bad URL: the thumbnail is invalid, never a 5xx
  }
}

// Path segments of a URL without `.`/`..`, so a kept URI always maps to one clean `/content/…` URL.
const CONTENT_URI = /^~\/content(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~%!$&'()*+,;=:@-]+)+$/;

/** Reads the written value (before the transaction, since a download is asynchronous). */
export async function readThumbnail(value: string | null, baseUrl: string, name: string): Promise<Thumbnail> {
  if (value === null) return { uri: null };
  // Our own absolute URL, as a get returned it, is the content URI it stands for: no need to download it.
  const own = value.startsWith(`${baseUrl}/content/`) ? `~${value.slice(baseUrl.length)}` : value;
  if (CONTENT_URI.test(own)) return { uri: own };
  const found = /^https?:\/\//i.test(value) ? await download(value) : decodeInline(value);
  if (found) return { image: found };
  return fail(
    422,
    'error.thumbnail-invalid',
    name,
    'must be a ~/content/ URI, or a data URI, base64 string or http(s) URL of a PNG, JPEG, GIF or WebP image of at most 1 MiB',
    'contact',
  );
}

/** Stores a new image under `~/content/<dir>/thumbnail.<ext>` and drops the one it replaces; returns the URI to keep. */
export function storeThumbnail(db: Db, dir: string, t: Thumbnail, previous: string | null): string | null {
  const uri = 'image' in t ? `~/content/${dir}/thumbnail.${t.image.ext}` : t.uri;
  if ('image' in t)
    sql(db, 'INSERT OR REPLACE INTO content (path, mime, data) VALUES (?, ?, ?)').run(uri, t.image.mime, t.image.data);
  if (previous && previous !== uri) removeStored(db, dir, previous);
  return uri;
}

/** Deletes a stored image, only when it is one we stored under `dir` (a kept URI may point at anything). */
export function removeStored(db: Db, dir: string, uri: string | null): void {
  if (uri?.startsWith(`~/content/${dir}/`)) sql(db, 'DELETE FROM content WHERE path = ?').run(uri);
}

/** D-24: returned as the absolute URL under which app.ts serves it. */
export const thumbnailUrl = (uri: string | null, baseUrl: string) =>
  uri === null ? null : `${baseUrl}${uri.slice(1)}`;
