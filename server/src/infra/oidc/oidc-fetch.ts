// Reads an OIDC issuer's public documents (docs/publishing.md, "The exchange"): its discovery
// document and its JWKS, as JSON, through the guarded fetch. Only the configured issuers' hosts
// are reachable; an issuer on a loopback or private address only with PKG_NET_ALLOW_PRIVATE=1
// (the configured issuer URLs become the private-allowed origins, as for the bots' platforms).
// It knows no registry: the trusted-publishing service decides what the documents mean.
import { createGuardedFetch, createRedactor, netPolicy } from '@pkg/shared/data';
import type { OidcFetch } from './oidc-types.js';

export interface OidcFetchSettings {
  /** The accepted issuers' URLs (PKG_OIDC_ISSUERS). */
  issuers: readonly string[];
  /** PKG_NET_ALLOW_PRIVATE=1. */
  allowPrivate: boolean;
}

export function createOidcFetch(settings: OidcFetchSettings): OidcFetch {
  const fetcher = createGuardedFetch();
  const policy = netPolicy({
    provider: 'oidc',
    defaultUrls: [],
    configuredUrls: settings.issuers,
    allowPrivate: settings.allowPrivate,
    timeoutMs: 10_000,
    maxBytes: 256 * 1024,
  });
  const redact = createRedactor([]);
  return async (url) => {
    const response = await fetcher.fetch({
      url,
      headers: { accept: 'application/json' },
      policy,
      redact,
    });
    let json: unknown;
    try {
      json = JSON.parse(response.text) as unknown;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  };
}
