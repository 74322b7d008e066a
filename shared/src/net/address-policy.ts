// Which hosts and addresses an outgoing connection may reach (the data layer's guarded fetch,
// the network proxy of `pkg run`). An address is public only when
// ipaddr.js classifies it as global unicast; IPv4-mapped IPv6 is judged as the IPv4 inside.
// Private, loopback, link-local (metadata), CGNAT, multicast, unspecified, unique-local,
// reserved and translation ranges are all refused.
import ipaddr from 'ipaddr.js';

export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** True when `hostname` (as the URL parser gives it) is an IP literal. */
export function isIpLiteral(hostname: string): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare);
}

const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet', '.corp'];

/** Names that only ever point inside a network: localhost, single labels, .local, .internal ... */
export function isPrivateName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || !name.includes('.')) return true;
  return PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

export function hostnameOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
