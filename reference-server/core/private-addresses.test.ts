// D-63: every refused range (its first, an inner and its last address), the IPv6 forms that carry an IPv4 address,
// the local and metadata names, and the lookup that filters what a name resolves to.
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { test } from 'node:test';
import { isPrivateAddress, isPrivateHost, publicLookup, PRIVATE_RANGES, type Resolve } from './private-addresses.ts';

/** Addresses inside each range, by the range's `network/prefix`: the first, one inside, the last. */
const inside: Record<string, string[]> = {
  '0.0.0.0/8': ['0.0.0.0', '0.1.2.3', '0.255.255.255'],
  '10.0.0.0/8': ['10.0.0.0', '10.20.30.40', '10.255.255.255'],
  '100.64.0.0/10': ['100.64.0.0', '100.100.100.200', '100.127.255.255'],
  '127.0.0.0/8': ['127.0.0.1', '127.1.2.3', '127.255.255.255'],
  '169.254.0.0/16': ['169.254.0.0', '169.254.169.254', '169.254.255.255'],
  '172.16.0.0/12': ['172.16.0.0', '172.20.1.1', '172.31.255.255'],
  '192.0.0.0/24': ['192.0.0.0', '192.0.0.192', '192.0.0.255'],
  '192.0.2.0/24': ['192.0.2.0', '192.0.2.1', '192.0.2.255'],
  '192.168.0.0/16': ['192.168.0.0', '192.168.1.1', '192.168.255.255'],
  '198.18.0.0/15': ['198.18.0.0', '198.19.1.1', '198.19.255.255'],
  '198.51.100.0/24': ['198.51.100.0', '198.51.100.7', '198.51.100.255'],
  '203.0.113.0/24': ['203.0.113.0', '203.0.113.9', '203.0.113.255'],
  '224.0.0.0/4': ['224.0.0.0', '239.1.2.3', '239.255.255.255'],
  '240.0.0.0/4': ['240.0.0.0', '250.1.2.3', '255.255.255.255'],
  '::/128': ['::', '0:0:0:0:0:0:0:0'],
  '::1/128': ['::1', '0:0:0:0:0:0:0:1'],
  '100::/64': ['100::', '100::1', '100::ffff:ffff:ffff:ffff'],
  '2001:db8::/32': ['2001:db8::', '2001:db8:1::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
  'fc00::/7': ['fc00::', 'fd00:ec2::254', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  'fe80::/10': ['fe80::', 'fe80::1%eth0', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  'fec0::/10': ['fec0::', 'fec0::1', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  'ff00::/8': ['ff00::', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
};
/** Public unicast addresses, several just outside a refused range. */
const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2001:4860:4860::8888',
  '2606:4700::1111',
  '2001:db9::1',
  'fbff:ffff::1',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

test('D-63: the table of refused ranges is the one tested here, range by range', () => {
  assert.deepEqual(Object.keys(inside).sort(), PRIVATE_RANGES.map((r) => `${r.network}/${r.prefix}`).sort());
  for (const [range, addresses] of Object.entries(inside))
    for (const a of addresses) assert.equal(isPrivateAddress(a), true, `${a} (${range})`);
});

test('D-63: public addresses, also right next to a refused range, pass', () => {
  for (const a of PUBLIC) assert.equal(isPrivateAddress(a), false, a);
});

test('D-63: an IPv4 address carried in IPv6 (mapped, compatible, NAT64, 6to4) is judged as that IPv4 address', () => {
  for (const a of [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::ffff:192.168.1.1',
    '::ffff:100.64.0.1',
    '::ffff:0.0.0.0',
    '0:0:0:0:0:ffff:7f00:1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '[::ffff:127.0.0.1]',
  ])
    assert.equal(isPrivateAddress(a), true, a);
});

test('D-63: what is not an address is refused rather than guessed at', () => {
  for (const a of ['', 'localhost', '1.2.3', '::ffff:1.2.3.256', 'fe80::1::2'])
    assert.equal(isPrivateAddress(a), true, a);
});

test('D-63: URL hosts: literal addresses (in every form URL parsing gives), local and metadata names', () => {
  const hostOf = (url: string) => new URL(url).hostname;
  for (const url of [
    'http://127.0.0.1/',
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0x7f.1/',
    'http://127.1/',
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fe80::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://printer.local/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata.goog/',
    'http://metadata/',
    'http://instance-data/',
    'http://router.home.arpa/',
  ])
    assert.equal(isPrivateHost(hostOf(url)), true, url);
  for (const url of [
    'http://example.com/',
    'https://images.example.org/a.png',
    'http://8.8.8.8/',
    'http://[2001:4860::1]/',
  ])
    assert.equal(isPrivateHost(hostOf(url)), false, url);
});

/** A resolver that answers from a table, as node:dns `lookup` with `all: true` does. */
const fakeResolve =
  (table: Record<string, string[]>): Resolve =>
  (hostname, _options, callback) => {
    const found = table[hostname];
    if (!found) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      found.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };

/** Calls a lookup as node:net does, with or without `all`. */
const look = (hostname: string, all: boolean, resolve: Resolve) =>
  new Promise<{ err: NodeJS.ErrnoException | null; result: unknown }>((done) =>
    publicLookup(resolve)(hostname, { all }, (err: NodeJS.ErrnoException | null, result: unknown) =>
      done({ err, result }),
    ),
  );

test('D-63: a name that resolves to loopback, metadata or private addresses only is refused at lookup', async () => {
  const resolve = fakeResolve({
    'rebind.example': ['127.0.0.1'],
    'meta.example': ['169.254.169.254'],
    'v6.example': ['::1', 'fd00::1'],
    'mapped.example': ['::ffff:127.0.0.1'],
  });
  for (const name of ['rebind.example', 'meta.example', 'v6.example', 'mapped.example'])
    for (const all of [false, true]) {
      const { err } = await look(name, all, resolve);
      assert.equal(err?.code, 'EPRIVATEADDRESS', `${name} all=${all}`);
    }
  assert.equal((await look('missing.example', false, resolve)).err?.code, 'ENOTFOUND');
});

test('D-63: of a name with public and private addresses, only the public ones are handed to the connection', async () => {
  const resolve = fakeResolve({ 'mixed.example': ['127.0.0.1', '93.184.216.34', '10.0.0.1', '2606:2800::1'] });
  assert.deepEqual((await look('mixed.example', true, resolve)).result, [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800::1', family: 6 },
  ]);
  const one = await new Promise<unknown[]>((done) =>
    publicLookup(resolve)('mixed.example', {}, (...args: unknown[]) => done(args)),
  );
  assert.deepEqual(one, [null, '93.184.216.34', 4]);
});

test('D-63: the real resolver: localhost resolves to loopback only, so it is refused at lookup too', async () => {
  const { err } = await new Promise<{ err: NodeJS.ErrnoException | null }>((done) =>
    publicLookup()('localhost', { all: true }, (e: NodeJS.ErrnoException | null) => done({ err: e })),
  );
  assert.ok(err, 'localhost must not resolve to a usable address');
});
