// DefiLlama API responses, from the free OpenAPI spec `defillama-openapi-free.json` of
// github.com/DefiLlama/api-docs (https://api-docs.defillama.com): GET /v2/chains, GET /protocols,
// GET /overview/dexs/{chain}, GET /overview/fees/{chain}, GET /stablecoinchains (stablecoins host)
// and GET /pools (yields host); fuller member lists from the official SDK's types
// (github.com/DefiLlama/api-sdk src/types: VolumeOverviewResponse, FeesOverviewResponse,
// StablecoinChainMcap) . Only what the layer reads is
// validated; members the SDK marks nullable or optional, and members the overview leaves out when
// it has no figure (the server copies them from its summary, so they may be missing), are optional.
// The two large lists (/protocols, /pools) are checked item by item, only for the chain's items.
import * as z from 'zod';

const num = z.number().nullable().optional();
const str = z.string().nullable().optional();

/** GET /v2/chains: `[{gecko_id, tvl, tokenSymbol, cmcId, name, chainId}]`. */
export const chainsSchema = z.array(
  z.looseObject({
    name: z.string(),
    tvl: num,
    tokenSymbol: str,
    gecko_id: str,
    cmcId: z.union([z.string(), z.number()]).nullable().optional(),
    // A number in DefiLlama's OpenAPI; its own chain table holds at least one as a string ("9001").
    chainId: z.union([z.number(), z.string()]).nullable().optional(),
  }),
);
export type DefillamaChain = z.infer<typeof chainsSchema>[number];

/** GET /protocols: a JSON array; each item is read only when it is about the chain. */
export const protocolListSchema = z.array(z.unknown());

/** One item of GET /protocols (SDK `Protocol`): `chainTvls` is keyed by chain name. */
export const protocolSchema = z.looseObject({
  name: z.string(),
  slug: str,
  symbol: str,
  category: str,
  chains: z.array(z.string()).nullable().optional(),
  tvl: num,
  chainTvls: z.record(z.string(), z.number().nullable()).nullable().optional(),
  change_1h: num,
  change_1d: num,
  change_7d: num,
  url: str,
  logo: str,
});
export type DefillamaProtocol = z.infer<typeof protocolSchema>;

/** The volume or fee totals and changes of an overview and of each protocol in it. */
const overviewTotals = {
  total24h: num,
  total7d: num,
  total30d: num,
  total1y: num,
  totalAllTime: num,
  change_1d: num,
  change_7d: num,
  change_1m: num,
};

/** A protocol of a volume or fees overview (SDK `VolumeProtocol`, `FeesProtocol`). */
const overviewProtocolSchema = z.looseObject({
  name: z.string(),
  displayName: str,
  slug: str,
  defillamaId: str,
  category: str,
  ...overviewTotals,
});
export type DefillamaOverviewProtocol = z.infer<typeof overviewProtocolSchema>;

/** GET /overview/dexs/{chain} and /overview/fees/{chain} (SDK `VolumeOverviewResponse`). */
export const overviewSchema = z.looseObject({
  chain: str,
  allChains: z.array(z.string()).nullable().optional(),
  ...overviewTotals,
  protocols: z.array(overviewProtocolSchema).nullable().optional(),
});
export type DefillamaOverview = z.infer<typeof overviewSchema>;

const peggedAmounts = z.record(z.string(), z.number().nullable()).nullable().optional();

/**
 * GET /stablecoinchains (stablecoins host), SDK `StablecoinChainMcap`: `totalCirculatingUSD` per
 * peg type in USD. The free spec's example names the object `totalCirculating` instead (amounts
 * in each peg's own unit), read only as a fallback for `peggedUSD`.
 */
export const stablecoinChainsSchema = z.array(
  z.looseObject({
    name: z.string(),
    gecko_id: str,
    tokenSymbol: str,
    totalCirculatingUSD: peggedAmounts,
    totalCirculating: peggedAmounts,
  }),
);
export type DefillamaStablecoinChain = z.infer<typeof stablecoinChainsSchema>[number];

/** GET /pools (yields host): `{status: "success", data: [Pool]}`; pools are read one by one. */
export const poolListSchema = z.looseObject({
  status: z.string().optional(),
  data: z.array(z.unknown()),
});

/** One pool of GET /pools (free spec `/pools` items). */
export const poolSchema = z.looseObject({
  pool: z.string(),
  chain: z.string(),
  project: str,
  symbol: str,
  tvlUsd: num,
  apy: num,
  apyBase: num,
  apyReward: num,
  apyPct1D: num,
  apyPct7D: num,
  apyPct30D: num,
  apyBase7d: num,
  apyMean30d: num,
  il7d: num,
  volumeUsd1d: num,
  volumeUsd7d: num,
  stablecoin: z.boolean().nullable().optional(),
  ilRisk: str,
  exposure: str,
  poolMeta: str,
  rewardTokens: z.array(z.string()).nullable().optional(),
  underlyingTokens: z.array(z.string()).nullable().optional(),
  predictions: z
    .looseObject({ predictedClass: str, predictedProbability: num, binnedConfidence: num })
    .nullable()
    .optional(),
});
export type DefillamaPool = z.infer<typeof poolSchema>;
