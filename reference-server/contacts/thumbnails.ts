// Contact thumbnails (§2.2, D-24): a content URI is kept; a data URI, bare base64 or http(s) URL of a PNG, JPEG,
// GIF or WebP image of at most 1 MiB is stored in the `content` table (served by app.ts at /content/…). A URL is
// downloaded from public addresses only (D-63), unless the server runs with `--allow-private-urls`.
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { fail } from '../../shared/errors.ts';
import { isPrivateHost, publicLookup, type AddressRule, type Resolve } from '../core/private-addresses.ts';
import { deleteContent, writeContent } from '../store/content.ts';
import type { Db } from '../store/db.ts';

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

export interface DownloadOptions {
  /** D-63: allow loopback, private and metadata addresses (`--allow-private-urls`, local development only). */
  allowPrivateUrls?: boolean;
  timeoutMs?: number;
  /** How names are resolved and addresses judged: node:dns and D-63's rule, unless a test gives others. */
  resolve?: Resolve;
  isPrivate?: AddressRule;
}

const MAX_REDIRECTS = 5; // D-63
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** One GET, its connection made only to an address `lookup` allows (a fresh agent: no pooled or proxied socket). */
function get(url: URL, signal: AbortSignal, lookup: LookupFunction | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    send(url, { signal, agent: false, lookup, headers: { accept: 'image/*' } }, resolve)
      .on('error', reject)
      .end();
  });
}

/**
 * Downloads an image: 2xx, an image content type, at most 1 MiB, within the timeout (all redirects included);
 * undefined otherwise. Redirects are followed here, at most 5, each hop checked again (D-63): a public URL may not
 * redirect to an internal one.
 */
export async function download(url: string, options: DownloadOptions = {}): Promise<Image | undefined> {
  const { allowPrivateUrls = false, timeoutMs = DOWNLOAD_TIMEOUT_MS, resolve, isPrivate } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  const lookup = allowPrivateUrls ? undefined : publicLookup(resolve, isPrivate);
  try {
    let target = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
      // A literal address is connected to without a lookup, so it is checked here; a name, by `lookup`.
      if (!allowPrivateUrls && isPrivateHost(target.hostname, isPrivate)) return undefined;
      const res = await get(target, signal, lookup);
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        res.destroy();
        if (!res.headers.location) return undefined;
        target = new URL(res.headers.location, target);
        continue;
      }
      const type = res.headers['content-type'] ?? '';
      if (
        status < 200 ||
        status > 299 ||
        !type.toLowerCase().startsWith('image/') ||
        Number(res.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES
      ) {
        res.destroy();
        return undefined;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_IMAGE_BYTES) return undefined; // leaving the loop destroys the stream
        chunks.push(chunk);
      }
      return image(Buffer.concat(chunks));
    }
    return undefined; // more than MAX_REDIRECTS
  } catch {
    // Unreachable or refused host (D-63), timeout, bad URL: the thumbnail is invalid, never a 5xx, and the
    // answer never says which (nothing for a client to map the internal network by).
    return undefined;
  }
}

/** The host of an http(s) URL; one that does not parse is named no private host, and its download fails. */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return 'invalid.';
  }
};

// Path segments of a URL without `.`/`..`, so a kept URI always maps to one clean `/content/…` URL.
const CONTENT_URI = /^~\/content(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~%!$&'()*+,;=:@-]+)+$/;

/** Reads the written value (before the transaction, since a download is asynchronous). */
export async function readThumbnail(
  value: string | null,
  baseUrl: string,
  name: string,
  options: DownloadOptions = {},
): Promise<Thumbnail> {
  if (value === null) return { uri: null };
  // Our own absolute URL, as a get returned it, is the content URI it stands for: no need to download it.
  const own = value.startsWith(`${baseUrl}/content/`) ? `~${value.slice(baseUrl.length)}` : value;
  if (CONTENT_URI.test(own)) return { uri: own };
  // A URL whose host is itself a private address or name (127.0.0.1, localhost, 10.x…) is refused before any request,
  // and the answer says why: the client wrote that host, so naming it tells nothing about the network. A name that
  // only resolves to one, or a redirect to one, stays the answer below, which says nothing (D-63).
  if (!options.allowPrivateUrls && /^https?:\/\//i.test(value) && isPrivateHost(hostOf(value), options.isPrivate))
    return fail(
      422,
      'error.thumbnail-invalid',
      name,
      'must not be at a loopback, private or link-local address: this server downloads thumbnails from public ' +
        'addresses only (D-63; a server for local development may be started with --allow-private-urls)',
      'contact',
    );
  const found = /^https?:\/\//i.test(value) ? await download(value, options) : decodeInline(value);
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
  const uri = 'image' in t ? writeContent(db, `~/content/${dir}/thumbnail.${t.image.ext}`, t.image) : t.uri;
  if (previous && previous !== uri) removeStored(db, dir, previous);
  return uri;
}

/** Deletes a stored image, only when it is one we stored under `dir` (a kept URI may point at anything). */
export function removeStored(db: Db, dir: string, uri: string | null): void {
  if (uri?.startsWith(`~/content/${dir}/`)) deleteContent(db, uri);
}

/** D-24: returned as the absolute URL under which app.ts serves it. */
export const thumbnailUrl = (uri: string | null, baseUrl: string) =>
  uri === null ? null : `${baseUrl}${uri.slice(1)}`;
