// What the `wallet.*` handlers share: the GET (http.ts), the chain's slug (chain-slug.ts) and the
// base URL the next links are read against.
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { createSlugLookup, type SlugLookup } from './chain-slug.js';
import { createZerionGet, type ZerionGet } from './http.js';

export interface ZerionApi extends SlugLookup {
  get: ZerionGet;
  baseUrl: string;
}

export function createZerionApi(endpoint: ProviderEndpoint, context: ProviderContext): ZerionApi {
  const get = createZerionGet(endpoint, context);
  return { ...createSlugLookup(get, context.chainId), get, baseUrl: endpoint.url };
}
