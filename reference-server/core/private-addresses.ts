// D-63: what a request the server makes on a client's word (a contact's thumbnail URL, D-24) may not reach: the
// server's own machine, its private networks and cloud metadata services (SSRF). The rule is checked on the URL's
// host and again on every address a name resolves to, as the connection is made (`publicLookup`), so neither a
// redirect nor a name that resolves (or re-resolves) to an internal address gets through.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Ranges that are not public unicast addresses (RFC 6890 and the IANA special-purpose registries). */
export const PRIVATE_RANGES: { network: string; prefix: number; what: string }[] = [
  { network: '0.0.0.0', prefix: 8, what: 'unspecified, "this network" (RFC 1122)' },
  { network: '10.0.0.0', prefix: 8, what: 'private (RFC 1918)' },
  { network: '100.64.0.0', prefix: 10, what: 'shared address space, CGNAT (RFC 6598); a cloud metadata address' },
  { network: '127.0.0.0', prefix: 8, what: 'loopback' },
  { network: '169.254.0.0', prefix: 16, what: 'link-local (RFC 3927), cloud metadata 169.254.169.254' },
  { network: '172.16.0.0', prefix: 12, what: 'private (RFC 1918)' },
  { network: '192.0.0.0', prefix: 24, what: 'IETF protocol assignments (RFC 6890); a cloud metadata address' },
  { network: '192.0.2.0', prefix: 24, what: 'documentation (RFC 5737)' },
  { network: '192.168.0.0', prefix: 16, what: 'private (RFC 1918)' },
  { network: '198.18.0.0', prefix: 15, what: 'benchmarking (RFC 2544)' },
  { network: '198.51.100.0', prefix: 24, what: 'documentation (RFC 5737)' },
  { network: '203.0.113.0', prefix: 24, what: 'documentation (RFC 5737)' },
  { network: '224.0.0.0', prefix: 4, what: 'multicast' },
  { network: '240.0.0.0', prefix: 4, what: 'reserved, and the broadcast address' },
  { network: '::', prefix: 128, what: 'unspecified' },
  { network: '::1', prefix: 128, what: 'loopback' },
  { network: '100::', prefix: 64, what: 'discard (RFC 6666)' },
  { network: '2001:db8::', prefix: 32, what: 'documentation (RFC 3849)' },
  { network: 'fc00::', prefix: 7, what: 'unique local (RFC 4193); cloud metadata fd00:ec2::254' },
  { network: 'fe80::', prefix: 10, what: 'link-local' },
  { network: 'fec0::', prefix: 10, what: 'site-local (deprecated, RFC 3879)' },
  { network: 'ff00::', prefix: 8, what: 'multicast' },
];

const blocked = new BlockList();
for (const r of PRIVATE_RANGES) blocked.addSubnet(r.network, r.prefix, isIP(r.network) === 4 ? 'ipv4' : 'ipv6');

/** Host names that stand for this machine, a local network or a metadata service, whatever they resolve to. */
const PRIVATE_NAMES = ['localhost', 'metadata', 'metadata.goog', 'instance-data'];
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa']; // .internal: metadata.google.internal

/** The 16 bytes of an IPv6 address (no brackets, no zone), or undefined when it is not one. */
function ipv6Bytes(ip: string): number[] | undefined {
  let text = ip;
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (isIP(dotted[1]!) !== 4) return undefined;
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(rest);
  const all = rest === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (all.length !== 8 || all.some((g) => !(g >= 0 && g <= 0xffff))) return undefined;
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** The IPv4 address an IPv6 address carries, in the forms that route to it: IPv4-mapped (::ffff:0:0/96),
 *  IPv4-compatible (::/96, deprecated), NAT64 (64:ff9b::/96, RFC 6052) and 6to4 (2002::/16, RFC 3056). */
function embeddedIpv4(ip: string): string | undefined {
  const b = ipv6Bytes(ip);
  if (!b) return undefined;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  if (zeros(0, 12) && !zeros(12, 14)) return v4(12); // ::a.b.c.d, leaving :: and ::1 to their own ranges
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4(12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return undefined;
}

/** True for an IP address (v4, or v6 with or without brackets and zone) that is not a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true; // not an address at all: nothing to connect to safely
  const v4 = embeddedIpv4(ip);
  return blocked.check(ip, 'ipv6') || (v4 !== undefined && blocked.check(v4, 'ipv4'));
}

/** How an address is judged: `isPrivateAddress`, unless a test counts its own loopback server as public. */
export type AddressRule = (address: string) => boolean;

/** True for a URL's host that is a private address or a local or metadata name (before any DNS resolution). */
export function isPrivateHost(hostname: string, isPrivate: AddressRule = isPrivateAddress): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '').replace(/%.*$/, ''))) return isPrivate(host);
  return host === '' || PRIVATE_NAMES.includes(host) || PRIVATE_SUFFIXES.some((s) => host.endsWith(s));
}

/** How a name is resolved; node:dns `lookup` unless a test gives another. */
export type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for node:net/http/https that hands the connection only public addresses: the address connected to is
 * one checked here, so a name that resolves to an internal address (DNS rebinding included) is refused, not fetched.
 */
export function publicLookup(resolve: Resolve = dnsLookup, isPrivate: AddressRule = isPrivateAddress): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      const allowed = err ? [] : addresses.filter((a) => !isPrivate(a.address));
      if (err || allowed.length === 0) {
        const refused = Object.assign(new Error(`${hostname}: no public address`), { code: 'EPRIVATEADDRESS' });
        return (callback as (e: Error, a: string, f: number) => void)(err ?? refused, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
