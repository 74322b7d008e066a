// The short-lived publish token of `pkg publish --oidc` (trusted publishing, docs/publishing.md):
// the registry's audience (oidc.config), the CI job's ID token for it, then the exchange
// (oidc.exchange) for a token that publishes this one package for a few minutes, with the build
// identity the registry verified. Neither token is printed, logged or kept. The audience must be
// the registry's own origin (or the job's PKG_OIDC_AUDIENCE): an ID token minted for another
// audience is another registry's credential, and a registry that asks for one does not get it.
import type { OidcExchangeOutput } from '@pkg/shared/contract';
import { CliError } from '../../exit.js';
import type { CiIdTokenSource } from './ci-id-token.js';
import { callRegistry, createRegistryClient } from './trpc-client.js';

/** Refuses an audience that is neither the registry's origin nor the job's PKG_OIDC_AUDIENCE. */
export function checkAudience(registry: string, audience: string, env: NodeJS.ProcessEnv): void {
  const expected = env.PKG_OIDC_AUDIENCE || new URL(registry).origin;
  if (audience === expected) return;
  throw new CliError(
    'OIDC_UNAVAILABLE',
    `The registry at ${registry} asks for ID tokens for the audience ${audience}, not ${expected}; no ID token was requested, since one for another audience could publish elsewhere.`,
    {
      hint: "If the registry's operator set PKG_OIDC_AUDIENCE to that value (docs/publishing.md), set PKG_OIDC_AUDIENCE to it in the job too.",
    },
  );
}

/** Both calls are public: no stored token is sent along, even when one is at hand. */
export async function oidcPublishToken(
  registry: string,
  ci: CiIdTokenSource,
  packageId: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<OidcExchangeOutput> {
  const client = createRegistryClient(registry);
  const config = await callRegistry(registry, () => client.oidc.config.query());
  checkAudience(registry, config.audience, env);
  const idToken = await ci.idToken(config.audience);
  // An OIDC_REFUSED answer carries the registry's reason (which claim matched no publisher);
  // callRegistry shows it as given.
  return callRegistry(registry, () => client.oidc.exchange.mutate({ token: idToken, package: packageId }));
}
