// A contact's thumbnail (§2.2, D-24, D-63): sent as a data URI, bare base64, a `~/content/` URI or an external URL
// the service downloads, then served at an absolute URL as an image; a thumbnail that is no image refused.
// Basis: that it is served as an image at an absolute URL is the source's; that the bytes are those sent (.stored)
// and how a `~/content/` URI is kept (.path) are D-24's.
import { expect, requirement } from '../../lib/requirement.ts';
import { expect422 } from '../../lib/expectations.ts';
import { type Json } from '../../lib/contract.ts';
import { create, uid } from '../../lib/fixtures.ts';
import { firstLine, Nonconformance, type Api, type Downloaded } from '../../lib/api.ts';
import { RECEIVER_PNG } from '../../lib/receiver.ts';
import { appUrl, inbox } from '../../lib/inbox.ts';
import { PNG, body, get } from './shared.ts';

/** The App receiver's PNG at `<receiver>/<key>/image`, reachable by the target like its callbacks (receiver.ts). */
const receiverImage = (key: string) => appUrl(key, 'hooks').replace(/\/hooks$/, '/image');
/** A loopback or private host, which a target downloading from public addresses only refuses (D-63). */
const LOCAL_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|\[(::1|f[cd]|fe80)|.*\.local$)/i;
/**
 * A contact whose thumbnail is the receiver's image (an external URL, §2.2). The receiver is at CALLBACK_HOST,
 * 127.0.0.1 unless set: a target that rightly downloads from public addresses only refuses it, and the failure then
 * says what to change, the target's setting or CALLBACK_HOST, rather than only that the create failed.
 */
async function createWithReceiverImage(api: Api, thumbnail: string): Promise<Json> {
  try {
    return await create(api, 'createContact', { thumbnail });
  } catch (err) {
    const host = new URL(thumbnail).hostname;
    if (!(err instanceof Nonconformance) || !LOCAL_HOST.test(host)) throw err;
    // First, so that the line of the cause in summary.md says it (it is cut at 160 characters).
    throw new Nonconformance(
      `thumbnail at ${host} refused (a private address, D-63): run the reference server with --allow-private-urls, ` +
        'or set CALLBACK_HOST (--callback-host) to an address of this machine the target may reach. ' +
        err.message.replace(/^\[nonconformance\] /, ''),
    );
  }
}

/** The leading bytes of the image formats D-24 stores (PNG, JPEG, GIF, WebP). */
const imageSignatures: [number, number[]][] = [
  [0, [0x89, 0x50, 0x4e, 0x47]],
  [0, [0xff, 0xd8, 0xff]],
  [0, [0x47, 0x49, 0x46, 0x38]],
  [8, [0x57, 0x45, 0x42, 0x50]],
];
const isImage = (bytes: Buffer, type: string) =>
  /^image\//i.test(type.trim()) || imageSignatures.some(([at, sig]) => sig.every((b, i) => bytes[at + i] === b));
/**
 * Downloads a thumbnail URL the target returned, as a browser showing it would (redirects followed): the bytes of an
 * image. Whatever goes wrong is the target's — a URL that is not absolute or does not resolve, a refused or cut
 * connection, an error status, bytes that are no image — so it fails the requirement with what happened, never
 * as an error of the suite.
 */
async function fetchImage(api: Api, url: unknown, what: string): Promise<Buffer> {
  if (typeof url !== 'string' || !/^https?:\/\/[^/]/.test(url))
    throw new Nonconformance(`${what}: the thumbnail read back is not an absolute URL: ${JSON.stringify(url)}`);
  const fail = (why: string) => new Nonconformance(`${what}: GET ${url} (the thumbnail read back) ${why}`);
  let res: Downloaded;
  try {
    res = await api.download(url);
  } catch (err) {
    throw fail(`got no answer: ${firstLine(err)}`);
  }
  const bytes = res.body;
  if (res.status < 200 || res.status > 299)
    throw fail(`answered ${res.status}: ${bytes.subarray(0, 200).toString('utf8')}`);
  const type = res.headers['content-type'] ?? '';
  if (!isImage(bytes, type))
    throw fail(
      `answered ${type || 'no content type'} and ${bytes.length} bytes that are not an image: ${JSON.stringify(bytes.subarray(0, 60).toString('latin1'))}`,
    );
  return bytes;
}

for (const [form, value] of [
  ['data-uri', `data:image/png;base64,${PNG}`],
  ['base64', PNG],
] as const) {
  requirement(`createContact.thumbnail.${form}`, '§2.2', { quote: 'a data URI or base64 string of the image' })
    .test(
      `a thumbnail sent as ${form === 'data-uri' ? 'a data URI' : 'bare base64'} is served at an absolute URL, as an image`,
      async ({ api }) => {
        const c = await create(api, 'createContact', { thumbnail: value });
        await fetchImage(api, (await get(api, c.id)).thumbnail, `a thumbnail sent as ${form}`);
      },
    )
    // That the image served is the one sent, byte for byte (not re-encoded, resized or converted), is D-24's.
    .twin('stored', '§2.2 D-24')
    .test(
      `a thumbnail sent as ${form === 'data-uri' ? 'a data URI' : 'bare base64'} is served as the very image sent`,
      async ({ api }) => {
        const c = await create(api, 'createContact', { thumbnail: value });
        const img = await fetchImage(api, (await get(api, c.id)).thumbnail, `a thumbnail sent as ${form}`);
        expect(Buffer.compare(img, Buffer.from(PNG, 'base64')), 'the bytes served are those sent').toBe(0);
      },
    );
}
requirement('createContact.thumbnail.content-uri', '§2.2', { quote: 'On GET it is an absolute CDN URL' })
  .test('a thumbnail sent as a ~/content/ URI is accepted and read back as an absolute URL', async ({ api }) => {
    const c = await create(api, 'createContact', { thumbnail: `~/content/${uid('avatars')}/jane.png` });
    expect((await get(api, c.id)).thumbnail as string).toMatch(/^https?:\/\/[^/]/);
  })
  .twin('path', '§2.2 D-24')
  .test(
    'a thumbnail sent as a ~/content/ URI is kept: read back as {base_url}/content/ and the rest of the URI',
    async ({ api }) => {
      const rest = `${uid('avatars')}/jane.png`;
      const c = await create(api, 'createContact', { thumbnail: `~/content/${rest}` });
      const url = (await get(api, c.id)).thumbnail as string;
      expect(url).toMatch(/^https?:\/\/[^/]/);
      expect(url.endsWith(`/content/${rest}`), url).toBe(true);
    },
  );
requirement('createContact.thumbnail.download', '§2.2 D-24', {
  quote: 'the service downloads the image and renames it into a content URI',
})
  .test(
    'a thumbnail sent as an external URL is downloaded and read back as a URL the service serves, not the external one',
    async ({ api }) => {
      const key = uid('thumb');
      const external = receiverImage(key);
      const c = await createWithReceiverImage(api, external);
      expect(
        (await inbox(key)).filter((r) => r.kind === 'image').length,
        'the service fetched the external image',
      ).toBeGreaterThan(0);
      const url = (await get(api, c.id)).thumbnail as string;
      expect(url).toMatch(/^https?:\/\/[^/]/);
      expect(url).not.toBe(external);
      expect(
        url.startsWith(external.slice(0, external.length - key.length - '/image'.length)),
        `${url} is served by the receiver, not the service`,
      ).toBe(false);
      await fetchImage(api, url, 'a thumbnail sent as an external URL');
    },
  )
  .twin('stored', '§2.2 D-24')
  .test('a thumbnail sent as an external URL is served as the very image downloaded', async ({ api }) => {
    const c = await createWithReceiverImage(api, receiverImage(uid('thumb')));
    const img = await fetchImage(api, (await get(api, c.id)).thumbnail, 'a thumbnail sent as an external URL');
    expect(Buffer.compare(img, Buffer.from(RECEIVER_PNG, 'base64')), 'the bytes served are those downloaded').toBe(0);
  });
requirement('createContact.thumbnail-invalid', 'D-24').test(
  'a thumbnail that is not an image is a 422',
  async ({ api }) => {
    expect422(
      await api.call('createContact', { body: body(api, { thumbnail: 'data:text/plain;base64,aGVsbG8gd29ybGQ=' }) }),
      { name: 'contact.thumbnail', ref: 'error.thumbnail-invalid' },
    );
  },
);
