// Chainlink's feed catalog for the chain: `feeds.list`, each usable entry normalized into
// sources/chainlink-types.ts. The latest round of a feed is not read here but on chain, through
// the RPC providers (sources/chainlink-latest.ts).
import { compact } from '../../compact.js';
import type { ChainlinkFeed, ChainlinkFeedCatalog } from '../../sources/chainlink-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { createCatalogGet } from './http.js';
import { feedEntrySchema } from './payloads.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const text = (s: string | null | undefined) => (s ? s : undefined);
const address = (s: string | null | undefined) => (s && ADDRESS.test(s) ? s : undefined);

/** A finite non-negative number, or a decimal string that reads as one. */
function count(value: number | string | null | undefined): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** A catalog entry as a feed; undefined when the docs hide it or it has no readable proxy address. */
export function normalizeFeed(raw: unknown): ChainlinkFeed | undefined {
  const parsed = feedEntrySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const e = parsed.data;
  const proxyAddress = address(e.proxyAddress);
  const name = text(e.name);
  if (e.docs?.hidden === true || !proxyAddress || !name) return undefined;
  const pair = (e.pair ?? []).filter((p): p is string => typeof p === 'string' && p !== '');
  const base = pair[0] ?? text(e.docs?.baseAsset);
  const quote = pair[1] ?? text(e.docs?.quoteAsset);
  const decimals = count(e.decimals);
  const heartbeatS = count(e.heartbeat);
  return compact({
    name,
    pair: base && quote ? `${base} / ${quote}` : undefined,
    base,
    quote,
    path: text(e.path),
    proxyAddress,
    secondaryProxyAddress: address(e.secondaryProxyAddress),
    aggregatorAddress: address(e.contractAddress),
    decimals: decimals !== undefined && Number.isInteger(decimals) ? decimals : undefined,
    heartbeatS: heartbeatS !== undefined && heartbeatS > 0 ? heartbeatS : undefined,
    deviationThresholdPct: count(e.threshold),
    assetName: text(e.assetName),
    feedType: text(e.feedType),
    feedCategory: text(e.feedCategory),
    marketHours: text(e.docs?.marketHours),
    productTypeCode: text(e.docs?.productTypeCode),
  }) as ChainlinkFeed;
}

export function normalizeCatalog(entries: unknown[]): ChainlinkFeedCatalog {
  const feeds = entries.map(normalizeFeed).filter((f): f is ChainlinkFeed => f !== undefined);
  const leftOut = entries.length - feeds.length;
  return compact({
    feeds,
    count: feeds.length,
    leftOut: leftOut > 0 ? leftOut : undefined,
  }) as ChainlinkFeedCatalog;
}

export const createChainlinkProvider: ProviderFactory = (endpoint, context) => {
  const get = createCatalogGet(endpoint, context);
  return {
    handlers: {
      'feeds.list': async () => ({ data: normalizeCatalog(await get()) }),
    },
    health: async () => {
      const catalog = normalizeCatalog(await get());
      return compact({ feeds: catalog.count, leftOut: catalog.leftOut }) as Record<string, unknown>;
    },
  };
};
