// `market.token`: a token by its main pair, the first one listed that has the token on either
// side. priceUsd, fdv and marketCap describe the pair's BASE token: never a quote token's.
import { num, str } from '../../market/market-values.js';
import type { CapabilityHandler } from '../provider-types.js';
import { dexscreenerChain } from './endpoints.js';
import type { DexscreenerGet } from './http.js';
import { noData, pairsOf, toPool } from './normalize.js';
import type { DexPair } from './payloads.js';
import { addressOf, answer, networkOf, segment } from './requests.js';

/** Which side of the pair the token is on, if either. */
function sideOf(pair: DexPair, token: string): 'base' | 'quote' | undefined {
  const lower = token.toLowerCase();
  if (pair.baseToken.address.toLowerCase() === lower) return 'base';
  if (pair.quoteToken.address.toLowerCase() === lower) return 'quote';
  return undefined;
}

export function marketToken(get: DexscreenerGet): CapabilityHandler {
  return async (params) => {
    const net = networkOf(params);
    const token = addressOf(params);
    const path = `/tokens/v1/${segment(dexscreenerChain(net))}/${segment(token)}`;
    const { pairs, answered } = pairsOf(await get(path), '/tokens/v1');
    if (pairs.length === 0) throw noData(`no pair of token ${token} on ${net}`, answered);
    const main = pairs.find((p) => sideOf(p, token) !== undefined);
    if (!main)
      throw noData(`no pair of token ${token} on ${net}`, `${pairs.length} pairs without that token`);
    const isBase = sideOf(main, token) === 'base';
    const ref = isBase ? main.baseToken : main.quoteToken;
    return answer({
      network: net,
      address: ref.address,
      name: str(ref.name),
      symbol: str(ref.symbol),
      priceUsd: isBase ? str(main.priceUsd) : undefined,
      fdvUsd: isBase ? num(main.fdv) : undefined,
      marketCapUsd: isBase ? num(main.marketCap) : undefined,
      mainPool: toPool(main),
    });
  };
}
