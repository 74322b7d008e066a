// The embeddable cards' queries (docs/website.md, "Pages"): the public API's procedures refreshed
// every 15 seconds, whatever the endpoint's own TTL. A card's loader prefetches with exactly the
// options its component reads, so both take them from here.
import { v1Queries } from '../../lib/v1-queries';
import type { trpc } from '../../lib/trpc';

type Proxy = typeof trpc;

/** The embeddable cards' refresh (docs/website.md, "Pages", freshness): 15 seconds. */
export const EMBED_REFRESH_MS = 15_000;

export const embedQueries = {
  tokenLive: (t: Proxy) => ({ ...v1Queries.tokenLive(t), refetchInterval: EMBED_REFRESH_MS }),
  stocks: (t: Proxy) => ({ ...v1Queries.stocks(t), refetchInterval: EMBED_REFRESH_MS }),
  pool: (t: Proxy, network: string, address: string) => ({
    ...v1Queries.pool(t, network, address),
    refetchInterval: EMBED_REFRESH_MS,
  }),
};
