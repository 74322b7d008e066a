// Caller-supplied target URLs (web extract, map and similar; AI image URLs): the vendor fetches
// them, so they must name a public http(s) host. Refused before any request, whatever
// PKG_NET_ALLOW_PRIVATE says (docs/data-layer.md, "Web"): no credentials, no localhost, private,
// link-local or metadata address (in any spelling the URL parser accepts: decimal, octal, hex,
// IPv4-mapped IPv6), and no `.local`, `.internal` or single-label name.
import { hostnameOf, isIpLiteral, isPrivateName, isPublicAddress } from '../../net/address-policy.js';

/** Why `input` is not a public http(s) target, or undefined when it is one. */
export function publicTargetProblem(input: string): string | undefined {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must be http(s), not ${url.protocol}`;
  if (url.username || url.password) return 'must not carry credentials';
  const host = hostnameOf(url);
  if (isIpLiteral(host)) return isPublicAddress(host) ? undefined : `${host} is not a public address`;
  if (isPrivateName(host)) return `${host} is not a public host name`;
  return undefined;
}
