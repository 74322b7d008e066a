// DexScreener, the DEX pair provider: search, a token (its main pair), every pair of a token,
// the pairs of up to 30 tokens in one request, one pair. Keyless; the 300-a-minute budget is the
// descriptor's client-side throttle. The network is the chain's DexScreener slug (the supported
// chain maps to `robinhood`; any other id passes through unchanged); an empty answer is no data
// for both an unlisted token and an unknown network. `market.token` is in market-token.ts.
import type { ProviderFactory } from '../provider-types.js';
import { dexscreenerChain } from './endpoints.js';
import { createDexscreenerGet } from './http.js';
import { marketToken } from './market-token.js';
import { noData, pairsOf, toPool } from './normalize.js';
import { addressOf as address, answer, networkOf as network, SEARCH, segment } from './requests.js';

export const createDexscreenerProvider: ProviderFactory = (endpoint, context) => {
  const get = createDexscreenerGet(endpoint, context);

  return {
    handlers: {
      'market.search': async (params) => {
        const query = String(params.query);
        const only = typeof params.network === 'string' ? params.network : undefined;
        const { pairs, answered } = pairsOf(await get(SEARCH, { q: query }), SEARCH);
        if (pairs.length === 0) throw noData(`no pair matches "${query}"`, answered);
        const slug = only === undefined ? undefined : dexscreenerChain(only);
        const kept = slug === undefined ? pairs : pairs.filter((p) => p.chainId === slug);
        if (kept.length === 0)
          throw noData(`no pair matching "${query}" on ${only}`, `${pairs.length} pairs, none on ${slug}`);
        return answer({ query, network: only, pools: kept.map(toPool) });
      },

      'market.token': marketToken(get),

      'market.token_pairs': async (params) => {
        const net = network(params);
        const token = address(params);
        const path = `/token-pairs/v1/${segment(dexscreenerChain(net))}/${segment(token)}`;
        const { pairs, answered } = pairsOf(await get(path), '/token-pairs/v1');
        if (pairs.length === 0) throw noData(`no pair of token ${token} on ${net}`, answered);
        return answer({ network: net, token, pools: pairs.map(toPool) });
      },

      // "Get one or multiple pairs by token address" (https://docs.dexscreener.com/api/reference):
      // up to 30 comma-separated addresses, one bare array of the pairs of all of them.
      'market.pairs_of_tokens': async (params) => {
        const net = network(params);
        const tokens = (params.addresses as string[]).map(String);
        const path = `/tokens/v1/${segment(dexscreenerChain(net))}/${tokens.map(segment).join(',')}`;
        const { pairs, answered } = pairsOf(await get(path), '/tokens/v1');
        const asked = new Set(tokens.map((t) => t.toLowerCase()));
        const involved = (t: { address: string }) => asked.has(t.address.toLowerCase());
        const kept = pairs.filter((p) => involved(p.baseToken) || involved(p.quoteToken));
        if (kept.length === 0) throw noData(`no pair of the ${tokens.length} tokens on ${net}`, answered);
        return answer({ network: net, tokens, pools: kept.map(toPool) });
      },

      'market.pair': async (params) => {
        const net = network(params);
        const pairAddress = address(params);
        const path = `/latest/dex/pairs/${segment(dexscreenerChain(net))}/${segment(pairAddress)}`;
        const { pairs, answered } = pairsOf(await get(path), '/latest/dex/pairs');
        const lower = pairAddress.toLowerCase();
        const pair = pairs.find((p) => p.pairAddress.toLowerCase() === lower) ?? pairs[0];
        if (!pair) throw noData(`no pair ${pairAddress} on ${net}`, answered);
        return { data: toPool(pair) };
      },
    },

    health: async () => {
      const { pairs } = pairsOf(await get(SEARCH, { q: 'WETH' }), SEARCH);
      return { pairs: pairs.length };
    },
  };
};
