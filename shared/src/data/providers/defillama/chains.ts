// How DefiLlama names the chain. DefiLlama names chains by display name; the chain's name is not
// assumed but found in GET /v2/chains: the entry whose `chainId` is the chain's id, else
// (DefiLlama leaves `chainId` null for some chains) the entry carrying the name DefiLlama is known
// to use for it ("Robinhood Chain" for 4663) with no other chain id. The lookup keeps the name; a
// chain DefiLlama does not list is NoDataError (UNAVAILABLE), believed for an hour before
// /v2/chains is asked again.
import { NoDataError } from '../../errors/data-errors.js';
import type { ProviderErrorOptions } from '../../errors/data-errors.js';
import type { DefillamaGet } from './http.js';
import { chainsSchema, type DefillamaChain } from './payloads.js';

/** The name DefiLlama uses for a chain whose /v2/chains entry carries no chain id. */
export const DEFILLAMA_CHAIN_NAMES: Readonly<Record<number, string>> = { 4663: 'Robinhood Chain' };
/** How long "DefiLlama does not list the chain" is believed before /v2/chains is asked again. */
const NOT_LISTED_TTL_MS = 3_600_000;

/** A chain id as DefiLlama sends it: a number, or a decimal string. */
export function chainIdOf(value: number | string | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** The chain's /v2/chains entry: by chain id, else by its known name when the entry has no id. */
export function findChain(chains: readonly DefillamaChain[], chainId: number): DefillamaChain | undefined {
  const byId = chains.find((c) => chainIdOf(c.chainId) === chainId);
  if (byId) return byId;
  const known = DEFILLAMA_CHAIN_NAMES[chainId]?.toLowerCase();
  if (known === undefined) return undefined;
  return chains.find((c) => c.name.toLowerCase() === known && chainIdOf(c.chainId) === undefined);
}

/**
 * The spellings of the chain's name in DefiLlama's other datasets, lower-cased: the display name,
 * and without a trailing " Chain" (the yields server names a pool's chain after the adapter's chain
 * key, "robinhood" → "Robinhood": github.com/DefiLlama/yield-server src/adaptors/utils.js formatChain).
 */
export function chainAliases(name: string): string[] {
  const lower = name.trim().toLowerCase();
  const short = lower.replace(/\s+chain$/, '');
  return [...new Set([lower, short])].filter((a) => a !== '');
}

export interface ChainLookup {
  /** GET /v2/chains, remembering the chain's entry (or its absence). */
  listChains: () => Promise<{ count: number; entry: DefillamaChain | undefined }>;
  /** The chain's name on DefiLlama; NoDataError when DefiLlama does not list it. */
  chainName: () => Promise<string>;
  /** The error of a chain DefiLlama does not list. */
  notListed: () => NoDataError;
}

export function createChainLookup(
  get: DefillamaGet,
  chainId: number,
  options: ProviderErrorOptions,
): ChainLookup {
  let known: { entry: DefillamaChain | undefined; at: number } | undefined;
  let pending: Promise<DefillamaChain | undefined> | undefined;

  const notListed = () =>
    new NoDataError(`DefiLlama does not list chain ${chainId} (GET /v2/chains)`, options);

  const listChains = async () => {
    const chains = await get({ host: 'api', path: '/v2/chains' }, chainsSchema);
    const entry = findChain(chains, chainId);
    known = { entry, at: Date.now() };
    return { count: chains.length, entry };
  };

  const chainName = async (): Promise<string> => {
    let entry: DefillamaChain | undefined;
    if (known && (known.entry !== undefined || Date.now() - known.at < NOT_LISTED_TTL_MS))
      entry = known.entry;
    else {
      pending ??= listChains()
        .then((r) => r.entry)
        .finally(() => {
          pending = undefined;
        });
      entry = await pending;
    }
    if (entry === undefined) throw notListed();
    return entry.name;
  };

  return { listChains, chainName, notListed };
}
