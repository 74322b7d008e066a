// The DeFi capabilities of the chain overview (docs/public-api.md, GET /v1/chain:
// chain TVL, protocols, DEX volume, fees, stablecoins, yields), about the chain (scope `chain`),
// served by DefiLlama. TTL `block` (30 s): DefiLlama documents no update interval for its free
// API, so these follow the cache table's "DEX market data".
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

const limit = z
  .number()
  .int()
  .min(1)
  .max(100, 'limit may be at most 100')
  .default(20)
  .describe('how many to return, largest first (1 to 100, default 20)');

export const getDefiChainTvl = defineCapability({
  name: 'defi.chainTvl',
  group: 'defi',
  operation: 'chainTvl',
  summary: "The chain's current total value locked (USD).",
  scope: 'chain',
  params: z.object({}).strict(),
  ttl: 'block',
});

export const getDefiProtocols = defineCapability({
  name: 'defi.protocols',
  group: 'defi',
  operation: 'protocols',
  summary: 'The protocols with TVL on the chain, largest TVL first.',
  scope: 'chain',
  params: z.object({ limit }).strict(),
  ttl: 'block',
});

export const getDefiDexVolume = defineCapability({
  name: 'defi.dexVolume',
  group: 'defi',
  operation: 'dexVolume',
  summary: 'DEX volume on the chain: 24 h, 7 d and 30 d totals, changes, and each DEX.',
  scope: 'chain',
  params: z.object({}).strict(),
  ttl: 'block',
});

export const getDefiFees = defineCapability({
  name: 'defi.fees',
  group: 'defi',
  operation: 'fees',
  summary: "Fees paid on the chain and the protocols' revenue: totals and each protocol.",
  scope: 'chain',
  params: z.object({}).strict(),
  ttl: 'block',
});

export const getDefiStablecoins = defineCapability({
  name: 'defi.stablecoins',
  group: 'defi',
  operation: 'stablecoins',
  summary: 'Stablecoin supply on the chain (USD), in total and per peg type.',
  scope: 'chain',
  params: z.object({}).strict(),
  ttl: 'block',
});

export const getDefiYields = defineCapability({
  name: 'defi.yields',
  group: 'defi',
  operation: 'yields',
  summary: 'Yield pools on the chain with their APY, largest TVL first.',
  scope: 'chain',
  params: z.object({ limit }).strict(),
  ttl: 'block',
});

/** Every DefiLlama capability, for createDataClient({ capabilities }) until the table lists them. */
export const DEFILLAMA_CAPABILITY_DEFINITIONS = [
  getDefiChainTvl,
  getDefiProtocols,
  getDefiDexVolume,
  getDefiFees,
  getDefiStablecoins,
  getDefiYields,
] as const;
