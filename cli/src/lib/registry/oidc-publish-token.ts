// The short-lived publish token of `pkg publish --oidc` (trusted publishing, docs/publishing.md):
// the registry's audience (oidc.config), the CI job's ID token for it, then the exchange
// (oidc.exchange) for a token that publishes this one package for a few minutes, with the build
// identity the registry verified. Neither token is printed, logged or kept.
import type { OidcExchangeOutput } from '@pkg/shared/contract';
import type { CiIdTokenSource } from './ci-id-token.js';
import { callRegistry, createRegistryClient } from './trpc-client.js';

/** Both calls are public: no stored token is sent along, even when one is at hand. */
export async function oidcPublishToken(
  registry: string,
  ci: CiIdTokenSource,
  packageId: string,
): Promise<OidcExchangeOutput> {
  const client = createRegistryClient(registry);
  const config = await callRegistry(registry, () => client.oidc.config.query());
  const idToken = await ci.idToken(config.audience);
  // An OIDC_REFUSED answer carries the registry's reason (which claim matched no publisher);
  // callRegistry shows it as given.
  return callRegistry(registry, () => client.oidc.exchange.mutate({ token: idToken, package: packageId }));
}
