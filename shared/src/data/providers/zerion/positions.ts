// `wallet.positions`: the wallet's holdings and protocol positions on the chain.
import { compact } from '../../compact.js';
import type { CapabilityHandler } from '../provider-types.js';
import { positionsSchema } from './payloads.js';
import { finite, implementationOn, onChain, text } from './values.js';
import type { ZerionApi } from './zerion-api.js';

export function positions({ get, requireSlug }: ZerionApi): CapabilityHandler {
  return async (params) => {
    const address = String(params.address);
    const slug = await requireSlug();
    const list = await get(
      {
        path: `/v1/wallets/${address}/positions/`,
        query: {
          currency: 'usd',
          'filter[chain_ids]': slug,
          // Wallet holdings and protocol positions (deposits, loans, staking), as Zerion's own client asks.
          'filter[positions]': 'no_filter',
          'filter[trash]': 'only_non_trash',
        },
        wallet: address,
      },
      positionsSchema,
    );
    const items = list.data
      .filter((p) => onChain(p.relationships, slug))
      .map(({ attributes: a }) =>
        compact({
          name: text(a.fungible_info?.name) ?? text(a.name),
          symbol: text(a.fungible_info?.symbol),
          positionType: text(a.position_type),
          protocol: text(a.protocol),
          quantity: a.quantity.numeric,
          valueUsd: finite(a.value),
          priceUsd: finite(a.price),
          change1dPct: finite(a.changes?.percent_1d),
          tokenAddress: implementationOn(a.fungible_info, slug),
          updatedAt: text(a.updated_at),
        }),
      );
    return { data: { address, chain: slug, positions: items } };
  };
}
