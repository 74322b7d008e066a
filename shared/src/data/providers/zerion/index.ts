// Zerion, the wallet-portfolio provider, one handler per file over the shared API (zerion-api.ts:
// the GET and the chain's Zerion slug, resolved from GET /v1/chains/). The portfolio total spans
// every chain Zerion tracks and says so; positions and transactions are filtered to the chain's
// slug.
import { compact } from '../../compact.js';
import type { ProviderFactory } from '../provider-types.js';
import { portfolio } from './portfolio.js';
import { positions } from './positions.js';
import { transactions } from './transactions.js';
import { createZerionApi } from './zerion-api.js';

export { chainIdOf } from './chain-slug.js';
export { PORTFOLIO_NOTE } from './portfolio.js';

export const createZerionProvider: ProviderFactory = (endpoint, context) => {
  const api = createZerionApi(endpoint, context);
  return {
    handlers: {
      'wallet.portfolio': portfolio(api),
      'wallet.positions': positions(api),
      'wallet.transactions': transactions(api),
    },
    health: async () => {
      const { count, slug } = await api.listChains();
      return compact({ chains: count, chain4663Listed: slug !== undefined, chainSlug: slug }) as Record<
        string,
        unknown
      >;
    },
  };
};
