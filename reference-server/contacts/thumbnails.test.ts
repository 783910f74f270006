// D-63: thumbnail downloads reach public addresses only, on every redirect hop and after DNS resolution, unless the
// server runs with --allow-private-urls; D-24's downloads themselves (redirects followed, at most 5).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { isPrivateAddress, type Resolve } from '../core/private-addresses.ts';
import { start } from '../testing.ts';
import { download, type DownloadOptions } from './thumbnails.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The image server, on loopback: /img.png, /to?url=… (a 302 there), /chain/N (N more redirects, then the image). */
let server: Server;
let port: number;
const hits: string[] = [];
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    hits.push(url.pathname);
    if (url.pathname === '/img.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (url.pathname === '/to') return void res.writeHead(302, { location: url.searchParams.get('url')! }).end();
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const n = Number(chain[1]);
      return void res.writeHead(302, { location: n > 0 ? `/chain/${n - 1}` : '/img.png' }).end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

// For the unit tests only, the image server stands for a public host: its address, written exactly `127.0.0.1`, counts
// as public, and the name `public.test` resolves to it. Every other form of that address (`[::ffff:127.0.0.1]`,
// which connects to the same server) and every other address keep D-63's rule, so what is refused below would
// have been served had the check let it through.
const resolve: Resolve = (hostname, _options, callback) => {
  const table: Record<string, string> = { 'public.test': '127.0.0.1', 'rebind.test': '::ffff:127.0.0.1' };
  const address = table[hostname];
  if (!address) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
  callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
};
const asPublic: DownloadOptions = { resolve, isPrivate: (a) => a !== '127.0.0.1' && isPrivateAddress(a) };
const pub = (path: string) => `http://public.test:${port}${path}`;
const to = (url: string) => pub(`/to?url=${encodeURIComponent(url)}`);
/** Downloads and tells whether the image server was asked for the image. */
async function fetched(url: string, options: DownloadOptions) {
  hits.length = 0;
  const image = await download(url, options);
  return { ok: image?.mime === 'image/png', served: hits.includes('/img.png') };
}

test('D-24: a public URL is downloaded, by name and by address, redirects followed', async () => {
  assert.deepEqual(await fetched(pub('/img.png'), asPublic), { ok: true, served: true });
  assert.deepEqual(await fetched(`http://127.0.0.1:${port}/img.png`, asPublic), { ok: true, served: true });
  assert.deepEqual(await fetched(to(pub('/img.png')), asPublic), { ok: true, served: true });
});

test('D-63: at most 5 redirects are followed', async () => {
  assert.deepEqual(await fetched(pub('/chain/4'), asPublic), { ok: true, served: true }); // 5 redirects
  assert.deepEqual(await fetched(pub('/chain/5'), asPublic), { ok: false, served: false }); // 6
});

test('D-63: a redirect to a private address, a private name or another scheme is refused before it connects', async () => {
  for (const target of [
    `http://[::ffff:127.0.0.1]:${port}/img.png`, // the same server, as an IPv4-mapped address
    `http://localhost:${port}/img.png`,
    `http://127.0.0.2:${port}/img.png`,
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    `http://rebind.test:${port}/img.png`, // a name resolving to loopback: refused at lookup
    'file:///etc/passwd',
    'ftp://public.test/img.png',
  ])
    assert.deepEqual(await fetched(to(target), asPublic), { ok: false, served: false }, target);
});

test('D-63: by default the server itself, its loopback names and the metadata address are refused', async () => {
  for (const url of [
    `http://127.0.0.1:${port}/img.png`,
    `http://localhost:${port}/img.png`,
    `http://[::ffff:127.0.0.1]:${port}/img.png`,
    `http://2130706433:${port}/img.png`,
    `http://127.0.0.1:${port}/to?url=${encodeURIComponent('http://example.com/')}`,
  ])
    assert.deepEqual(await fetched(url, {}), { ok: false, served: false }, url);
});

test('D-63: --allow-private-urls lets every such URL through, redirects included', async () => {
  const allow: DownloadOptions = { allowPrivateUrls: true, resolve };
  for (const url of [
    `http://127.0.0.1:${port}/img.png`,
    `http://localhost:${port}/img.png`,
    `http://[::ffff:127.0.0.1]:${port}/img.png`,
    `http://127.0.0.1:${port}/to?url=${encodeURIComponent(`http://localhost:${port}/img.png`)}`,
  ])
    assert.deepEqual(await fetched(url, allow), { ok: true, served: true }, url);
});

test('D-63: through the API, a thumbnail on 127.0.0.1 or redirected there is 422 by default, stored with the setting', async () => {
  const direct = `http://127.0.0.1:${port}/img.png`;
  const redirected = `http://127.0.0.1:${port}/to?url=${encodeURIComponent(direct)}`;
  const contact = (thumbnail: string, i: number) => ({
    contact: { type: 'guest', email: `t${i}@example.com`, firstname: 'Ada', lastname: 'Lovelace', thumbnail },
  });
  const refused = await start();
  const allowed = await start({ allowPrivateUrls: true });
  try {
    // A host the client wrote as a private address is refused with the reason, and the setting that lifts it; the
    // error is the one of any URL that gives no image (error.thumbnail-invalid).
    const notImage = await refused.call('POST', '/api/contacts.json', contact('data:text/plain;base64,aGk=', 0));
    assert.equal(notImage.status, 422);
    type Errors = { errors: { name: string; message: string; ref: string }[] };
    for (const [i, url] of [direct, redirected, 'http://169.254.169.254/latest/meta-data/'].entries()) {
      hits.length = 0;
      const res = await refused.call('POST', '/api/contacts.json', contact(url, i + 1));
      assert.equal(res.status, 422, url);
      const [error] = (res.body as Errors).errors;
      const [expected] = (notImage.body as Errors).errors;
      assert.deepEqual([error?.name, error?.ref], [expected?.name, expected?.ref], url);
      assert.match(error?.message ?? '', /loopback, private or link-local address.*--allow-private-urls/, url);
      assert.deepEqual(hits, [], `${url}: nothing was fetched`);
    }
    for (const [i, url] of [direct, redirected].entries()) {
      const res = await allowed.call('POST', '/api/contacts.json', contact(url, i + 10));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const stored = await fetch((res.body as { contact: { thumbnail: string } }).contact.thumbnail);
      assert.deepEqual(Buffer.from(await stored.arrayBuffer()), PNG, url);
    }
  } finally {
    await refused.stop();
    await allowed.stop();
  }
});
