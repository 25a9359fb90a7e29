/**
 * Client addresses as the rate limit and the proxy logic see them: one canonical text per
 * address (so `::FFFF:192.0.2.1`, `::ffff:c000:201` and `192.0.2.1` are the same visitor), IPv6
 * grouped by /64 (one subscriber's usual allocation), and an address as a proxy writes it.
 */
import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  const address = text.split('%')[0]?.toLowerCase() ?? '';
  if (isIP(address) !== 6) return undefined;
  // A dotted IPv4 tail (::ffff:192.0.2.1) becomes its two hex groups.
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/** RFC 5952 text: lower case, no leading zeros, the longest run of zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let start = 0; start < groups.length; start += 1) {
    let length = 0;
    while (groups[start + length] === 0) length += 1;
    if (length > best.length && length > 1) best = { start, length };
  }
  const text = groups.map((group) => group.toString(16));
  if (best.start < 0) return text.join(':');
  const before = text.slice(0, best.start).join(':');
  const after = text.slice(best.start + best.length).join(':');
  return `${before}::${after}`;
}

/** One canonical text per address; IPv4-mapped IPv6 becomes plain IPv4. Undefined if not an IP. */
export function canonicalIp(text: string | undefined): string | undefined {
  const candidate = text?.trim() ?? '';
  if (isIP(candidate) === 4) return candidate.split('.').map(Number).join('.');
  const groups = ipv6Groups(candidate.replace(/^\[(.*)\]$/, '$1'));
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return formatIpv6(groups);
}

/**
 * The network of `bits` leading bits an IPv6 address lies in, as `2001:db8::/48`; undefined for
 * IPv4 (or an IPv4-mapped address) and for anything that is not an address.
 */
export function ipv6Network(text: string | undefined, bits: number): string | undefined {
  const ip = canonicalIp(text);
  if (!ip || isIP(ip) !== 6) return undefined;
  const groups = (ipv6Groups(ip) ?? []).map((group, index) => {
    const kept = Math.min(16, Math.max(0, bits - index * 16));
    return group & ((0xffff << (16 - kept)) & 0xffff);
  });
  return `${formatIpv6(groups)}/${bits}`;
}

/**
 * The rate-limit bucket of an address: the canonical IPv4 address, or the /64 network of an
 * IPv6 one (a single visitor usually holds a whole /64). Anything else shares `unknown`.
 */
export function rateLimitKey(text: string | undefined): string {
  return ipv6Network(text, 64) ?? canonicalIp(text) ?? 'unknown';
}

/**
 * The address in one X-Forwarded-For entry, canonical: proxies write `192.0.2.1`, `192.0.2.1:4444`,
 * `2001:db8::1`, `[2001:db8::1]` or `[2001:db8::1]:443` (a bare IPv6 address's last group is never
 * a port). Undefined for anything else.
 */
export function forwardedAddress(entry: string): string | undefined {
  const text = entry.trim();
  const bracketed = /^\[([^\]]*:[^\]]*)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return canonicalIp(bracketed[1]);
  const ipv4WithPort = /^([\d.]+):\d{1,5}$/.exec(text);
  return canonicalIp(ipv4WithPort ? ipv4WithPort[1] : text);
}
