/**
 * Client addresses as the rate limit and the proxy logic see them: one canonical text per
 * address (so `::FFFF:192.0.2.1`, `::ffff:c000:201` and `192.0.2.1` are the same visitor), IPv6
 * grouped by /64 (one subscriber's usual allocation), and an address as a proxy writes it. Parsed by
 * ipaddr.js (server and function code only: nothing the browser loads imports this module).
 */
import ipaddr from 'ipaddr.js';

/** The address `text` names, an IPv4-mapped one as IPv4 and without a zone; undefined if none. */
function parseIp(text: string | undefined): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const candidate = text?.trim() ?? '';
  // Four decimal parts only: never the octal, hex or shortened forms old parsers also read.
  if (ipaddr.IPv4.isValidFourPartDecimal(candidate)) return ipaddr.IPv4.parse(candidate);
  const bare = candidate.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.IPv6.isValid(bare)) return undefined;
  const address = ipaddr.IPv6.parse(bare);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : new ipaddr.IPv6(address.parts);
}

/** One canonical text per address (RFC 5952 for IPv6); IPv4-mapped IPv6 becomes plain IPv4. */
export function canonicalIp(text: string | undefined): string | undefined {
  return parseIp(text)?.toString();
}

/**
 * The network of `bits` leading bits an IPv6 address lies in, as `2001:db8::/48`; undefined for
 * IPv4 (or an IPv4-mapped address) and for anything that is not an address.
 */
export function ipv6Network(text: string | undefined, bits: number): string | undefined {
  const address = parseIp(text);
  if (address?.kind() !== 'ipv6') return undefined;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`).toString()}/${bits}`;
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
