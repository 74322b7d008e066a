// Chainlink's feed catalog for the chain: the reference-data-directory JSON that
// https://docs.chain.link/data-feeds/price-feeds/addresses?network=robinhood renders, keyless
//. CHAINLINK_FEEDS_URL is the whole URL of the catalog
// (a mirror or a local double); its default is Robinhood Chain mainnet's file, the only one
// published for the chain (no testnet file exists).
import type { DataEnv } from '../../config/env-vars.js';
import { createRedactor, secretPartsOfUrl } from '../../errors/redact.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const CHAINLINK_FEEDS_URL = 'https://reference-data-directory.vercel.app/feeds-robinhood-mainnet.json';

export function chainlinkEndpoint(env: DataEnv): ProviderEndpoint {
  const url = env.CHAINLINK_FEEDS_URL?.trim() || CHAINLINK_FEEDS_URL;
  return { url, display: catalogDisplay(url), secrets: [] };
}

/**
 * The URL as shown: key-looking parts (credentials, query values, long path segments) replaced by
 * `{key}` as for every endpoint, except the catalog's own file name (`feeds-<network>.json`).
 */
function catalogDisplay(url: string): string {
  const parts = secretPartsOfUrl(url).filter((part) => !/^[\w.-]+\.json$/i.test(part));
  return createRedactor(parts)(url);
}
