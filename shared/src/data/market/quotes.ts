// Market quotes (docs/data-layer.md, "Market data"): every provider that prices the token is
// asked on its own (pinned, no fallback), and each answer is a section with its own status and
// provenance. No consensus, average or "best" value is computed: the reader sees each source.
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { compositeResult } from '../result.js';
import type { CompositeResult, Result } from '../../contract/result-schema.js';

/** The providers declaring a capability for these parameters' scope, in routing order. */
export type ProvidersOffering = (capability: string, params: Record<string, unknown>) => string[];

export async function marketQuotes(
  run: RunCapability,
  offering: ProvidersOffering,
  params: { network?: string; address: string },
): Promise<CompositeResult> {
  const pricing = offering('market.tokenPrice', params);
  // A pair provider that prices tokens only through their pairs answers market.token.
  const viaToken = offering('market.token', params).filter((p) => !pricing.includes(p));
  const asks = [
    ...pricing.map((provider) => ['market.tokenPrice', provider] as const),
    ...viaToken.map((provider) => ['market.token', provider] as const),
  ];
  const answers = await Promise.all(
    asks.map(
      async ([capability, provider]) => [provider, await run(capability, params, { provider })] as const,
    ),
  );
  const sections: Record<string, Result> = {};
  for (const [provider, result] of answers) sections[provider] = result;
  return compositeResult(sections);
}
