// `wallet.portfolio`: the wallet's total across every chain Zerion tracks (and saying so), by
// position type and by chain, with the chain's own share when its slug is known.
import { compact } from '../../compact.js';
import type { CapabilityHandler } from '../provider-types.js';
import { portfolioSchema } from './payloads.js';
import { finite } from './values.js';
import type { ZerionApi } from './zerion-api.js';

export const PORTFOLIO_NOTE = 'Zerion totals span every chain it tracks, not only Robinhood Chain';

export function portfolio({ get, resolveSlug }: ZerionApi): CapabilityHandler {
  return async (params) => {
    const address = String(params.address);
    const answer = await get(
      {
        path: `/v1/wallets/${address}/portfolio`,
        // Protocol positions count toward the total too, not only plain holdings.
        query: { currency: 'usd', 'filter[positions]': 'no_filter' },
        wallet: address,
      },
      portfolioSchema,
    );
    const a = answer.data.attributes;
    // The chain's share is a bonus: a failed look-up of the slug never fails the portfolio.
    const slug = await resolveSlug().catch(() => undefined);
    const byChain = a.positions_distribution_by_chain ?? undefined;
    return {
      data: compact({
        address,
        scope: 'all-chains',
        note: PORTFOLIO_NOTE,
        totalUsd: finite(a.total?.positions),
        byType: a.positions_distribution_by_type,
        byChain,
        change1dUsd: finite(a.changes?.absolute_1d),
        change1dPct: finite(a.changes?.percent_1d),
        onThisChainUsd: slug === undefined ? undefined : finite(byChain?.[slug]),
      }),
    };
  };
}
