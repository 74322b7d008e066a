// DefiLlama's free API (https://api-docs.defillama.com; the OpenAPI `defillama-openapi-free.json`
// of github.com/DefiLlama/api-docs): keyless, on three hosts, each path on its own host as the
// spec's per-path `servers` say: TVL, protocols and the volume/fees overviews on api.llama.fi,
// stablecoins on stablecoins.llama.fi, yield pools on yields.llama.fi. Each base has its override
// variable (a mirror or a local double): DEFILLAMA_BASE_URL, DEFILLAMA_STABLECOINS_BASE_URL,
// DEFILLAMA_YIELDS_BASE_URL.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const DEFILLAMA_BASE_URL = 'https://api.llama.fi';
export const DEFILLAMA_STABLECOINS_BASE_URL = 'https://stablecoins.llama.fi';
export const DEFILLAMA_YIELDS_BASE_URL = 'https://yields.llama.fi';

export interface DefillamaBases {
  /** TVL, protocols, DEX volume and fees overviews. */
  api: string;
  stablecoins: string;
  yields: string;
}

/**
 * The endpoint of the router (`url` is the main API base) carrying the two other bases. The
 * endpoint object reaches the factory unchanged (create-slots.ts), so the runtime reads them here.
 */
export interface DefillamaEndpoint extends ProviderEndpoint {
  bases: DefillamaBases;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

export function defillamaBases(env: DataEnv): DefillamaBases {
  return {
    api: trimmed(env.DEFILLAMA_BASE_URL ?? DEFILLAMA_BASE_URL),
    stablecoins: trimmed(env.DEFILLAMA_STABLECOINS_BASE_URL ?? DEFILLAMA_STABLECOINS_BASE_URL),
    yields: trimmed(env.DEFILLAMA_YIELDS_BASE_URL ?? DEFILLAMA_YIELDS_BASE_URL),
  };
}

export function defillamaEndpoint(env: DataEnv): DefillamaEndpoint {
  const bases = defillamaBases(env);
  return {
    url: bases.api,
    display: [bases.api, bases.stablecoins, bases.yields].map((b) => `${displayUrl(b)}/...`).join(', '),
    secrets: [],
    bases,
  };
}

/** The three bases of an endpoint made by defillamaEndpoint() (the main base alone otherwise). */
export function basesOf(endpoint: ProviderEndpoint): DefillamaBases {
  const { bases } = endpoint as Partial<DefillamaEndpoint>;
  return (
    bases ?? {
      api: endpoint.url,
      stablecoins: DEFILLAMA_STABLECOINS_BASE_URL,
      yields: DEFILLAMA_YIELDS_BASE_URL,
    }
  );
}

export function defillamaConfiguredUrls(env: DataEnv): string[] {
  return [env.DEFILLAMA_BASE_URL, env.DEFILLAMA_STABLECOINS_BASE_URL, env.DEFILLAMA_YIELDS_BASE_URL].filter(
    (u): u is string => typeof u === 'string' && u !== '',
  );
}
