// Codex, the ranking provider for all tokens on the chain: `rankings.tokens` runs `filterTokens`
// filtered to the chain's network id (4663 for Robinhood Chain; Codex names EVM networks by chain
// id, https://docs.codex.io/chains) and ranked by one TokenRankingAttribute with its direction
// (https://docs.codex.io/api-reference/input-objects/tokenranking), at most 200 a call
// (github.com/Codex-Data/skills references/gotchas.md "filterTokens pagination"). Codex answers
// an empty list for a network it does not index, as for one with no token matching ("A wrong ID
// returns empty results, not an error", same file): both are no data (UNAVAILABLE), never an
// empty ranking. Changes come as fractions and are given as percents.
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import { decimal, num, str } from '../../market/market-values.js';
import {
  CODEX_WINDOWS,
  type CodexTxnCounts,
  type CodexWindow,
  type RankedToken,
  type TokenRanking,
} from '../../sources/codex-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { createCodexQuery } from './http.js';
import { filterTokensDataSchema, networksDataSchema, type TokenFilterResult } from './payloads.js';

/** Codex's window suffixes, in CODEX_WINDOWS order. */
const SUFFIX: Record<CodexWindow, string> = { m5: '5m', h1: '1', h4: '4', h12: '12', h24: '24' };

const RESULT_FIELDS = [
  'priceUSD',
  'liquidity',
  'marketCap',
  'circulatingMarketCap',
  'holders',
  'createdAt',
  'lastTransaction',
  ...['volume', 'change', 'txnCount', 'buyCount', 'sellCount'].flatMap((p) =>
    CODEX_WINDOWS.map((w) => `${p}${SUFFIX[w]}`),
  ),
  'pair { address }',
  'token { address name symbol decimals isScam }',
].join(' ');

export const FILTER_TOKENS_QUERY = `query RankTokens($filters: TokenFilters, $rankings: [TokenRanking], $limit: Int, $offset: Int) {
  filterTokens(filters: $filters, rankings: $rankings, limit: $limit, offset: $offset) {
    count
    page
    results { ${RESULT_FIELDS} }
  }
}`;

export const NETWORKS_QUERY = 'query GetNetworks { getNetworks { id name } }';

/** A number without binary noise (0.1 × 3 → 0.3). */
const clean = (n: number) => Number(n.toPrecision(12));

function isoOf(seconds: unknown): string | undefined {
  const n = num(seconds);
  return n === undefined || !Number.isInteger(n) || n <= 0 ? undefined : new Date(n * 1000).toISOString();
}

/** The windows Codex sent for a field family, each converted; undefined when none. */
function windows<T>(row: TokenFilterResult, prefix: string, convert: (value: unknown) => T | undefined) {
  const out: Partial<Record<CodexWindow, T>> = {};
  for (const w of CODEX_WINDOWS) {
    const value = convert((row as Record<string, unknown>)[`${prefix}${SUFFIX[w]}`]);
    if (value !== undefined) out[w] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const pct = (fraction: unknown) => {
  const n = num(fraction);
  return n === undefined ? undefined : clean(n * 100);
};

function txns(row: TokenFilterResult): Partial<Record<CodexWindow, CodexTxnCounts>> | undefined {
  const out: Partial<Record<CodexWindow, CodexTxnCounts>> = {};
  const r = row as Record<string, unknown>;
  for (const w of CODEX_WINDOWS) {
    const counts = compact({
      total: num(r[`txnCount${SUFFIX[w]}`]),
      buys: num(r[`buyCount${SUFFIX[w]}`]),
      sells: num(r[`sellCount${SUFFIX[w]}`]),
    }) as CodexTxnCounts;
    if (Object.keys(counts).length > 0) out[w] = counts;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function rankedToken(row: TokenFilterResult, rank: number, address: string): RankedToken {
  const token = row.token;
  return compact({
    rank,
    address,
    name: str(token?.name),
    symbol: str(token?.symbol),
    decimals: num(token?.decimals),
    priceUsd: decimal(row.priceUSD),
    liquidityUsd: num(row.liquidity),
    marketCapUsd: num(row.marketCap),
    circulatingMarketCapUsd: num(row.circulatingMarketCap),
    holders: num(row.holders),
    volumeUsd: windows(row, 'volume', num),
    priceChangePct: windows(row, 'change', pct),
    txns: txns(row),
    createdAt: isoOf(row.createdAt),
    lastTransactionAt: isoOf(row.lastTransaction),
    topPair: str(row.pair?.address),
    isScam: token?.isScam ?? undefined,
  }) as RankedToken;
}

export const createCodexProvider: ProviderFactory = (endpoint, context) => {
  const query = createCodexQuery(endpoint, context);
  const networkId = context.chainId;

  return {
    handlers: {
      'rankings.tokens': async (params) => {
        const rankBy = typeof params.rankBy === 'string' ? params.rankBy : 'volume24';
        const direction = params.direction === 'asc' ? 'asc' : 'desc';
        const limit = typeof params.limit === 'number' ? params.limit : 25;
        const offset = typeof params.offset === 'number' ? params.offset : 0;
        const minLiquidity = typeof params.minLiquidityUsd === 'number' ? params.minLiquidityUsd : undefined;
        const answer = await query(
          'RankTokens',
          FILTER_TOKENS_QUERY,
          {
            filters: {
              network: [networkId],
              ...(minLiquidity !== undefined ? { liquidity: { gte: minLiquidity } } : {}),
            },
            rankings: [{ attribute: rankBy, direction: direction.toUpperCase() }],
            limit,
            ...(offset > 0 ? { offset } : {}),
          },
          filterTokensDataSchema,
        );
        const results = answer.filterTokens?.results ?? [];
        const tokens: RankedToken[] = [];
        results.forEach((row, i) => {
          const address = str(row?.token?.address);
          if (row && address) tokens.push(rankedToken(row, offset + i + 1, address));
        });
        if (tokens.length === 0) {
          const filter = minLiquidity !== undefined ? ` with at least ${minLiquidity} USD liquidity` : '';
          const from = offset > 0 ? ` after the first ${offset}` : '';
          throw new NoDataError(`Codex lists no tokens on network ${networkId}${filter}${from}`, {
            provider: 'codex',
          });
        }
        const data: TokenRanking = { network: 'robinhood', networkId, rankBy, direction, tokens };
        return { data };
      },
    },
    // One `getNetworks` request: how many networks Codex indexes, and whether the chain is one.
    health: async () => {
      const { getNetworks } = await query('GetNetworks', NETWORKS_QUERY, {}, networksDataSchema);
      const mine = getNetworks.find((n) => n.id === networkId);
      return compact({
        networks: getNetworks.length,
        networkId,
        networkListed: mine !== undefined,
        networkName: str(mine?.name),
      }) as Record<string, unknown>;
    },
  };
};
