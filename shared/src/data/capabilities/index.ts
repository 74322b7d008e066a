// The capability table: every capability, in the order the SDK lists them.
import { callContract } from './call-contract.js';
import { chainInfo } from './chain-info.js';
import type { CapabilityDefinition } from './define-capability.js';
import { getAddressCounters } from './get-address-counters.js';
import { getAddressTransactions } from './get-address-transactions.js';
import { getAssetTransfers } from './get-asset-transfers.js';
import { getBalance } from './get-balance.js';
import { getBlock } from './get-block.js';
import { getCode } from './get-code.js';
import { getIndexedAddress } from './get-indexed-address.js';
import { getIndexedTransaction } from './get-indexed-transaction.js';
import { getNonce } from './get-nonce.js';
import { getReceipt } from './get-receipt.js';
import { getTokenBalances } from './get-token-balances.js';
import { getTokenHolders } from './get-token-holders.js';
import { getTokenMetadata } from './get-token-metadata.js';
import { getTokenTransfers } from './get-token-transfers.js';
import { getTransaction } from './get-transaction.js';
import { getVerifiedContract } from './get-verified-contract.js';
import { queryLogs } from './query-logs.js';
import { traceTransaction } from './trace-transaction.js';
import { marketSearch } from './market-search.js';
import { getMarketToken } from './get-market-token.js';
import { getTokenPairs } from './get-token-pairs.js';
import { getPairsOfTokens } from './get-pairs-of-tokens.js';
import { getPair } from './get-pair.js';
import { getMarketTokenPrice } from './get-market-token-price.js';
import { getOhlcv } from './get-ohlcv.js';
import { getTrades } from './get-trades.js';
import { getTrendingPools } from './get-trending-pools.js';
import { getNewPools } from './get-new-pools.js';
import { getTopPools } from './get-top-pools.js';
import { getMarketNetworks } from './get-market-networks.js';
import { getDexes } from './get-dexes.js';
import { getGlobalMarket } from './get-global-market.js';
import { getOhlcHistory } from './get-ohlc-history.js';
import { getTokenSecurity } from './get-token-security.js';
import { getAddressSecurity } from './get-address-security.js';
import { getApprovalSecurity } from './get-approval-security.js';
import { getWalletPortfolio } from './get-wallet-portfolio.js';
import { getWalletPositions } from './get-wallet-positions.js';
import { getWalletTransactions } from './get-wallet-transactions.js';
import { getStockTokens } from './get-stock-tokens.js';
import { getStockQuote } from './get-stock-quote.js';
import { aiGenerate, aiModels } from './ai.js';
import { webAnswer, webExtract, webMap, webSearch, webSimilar } from './web.js';
import {
  githubBranches,
  githubCommits,
  githubContents,
  githubIssues,
  githubPulls,
  githubRaw,
  githubRelease,
  githubReleases,
  githubRepo,
  githubSearchCode,
  githubSearchRepos,
  githubTree,
  githubUser,
} from './github.js';
import { subgraphQuery } from './subgraph.js';
import { filingsCik, filingsSubmissions } from './sec-edgar.js';
import { equitiesEarnings, equitiesNews, equitiesProfile, equitiesQuote } from './finnhub.js';
import { macroSeries } from './fred.js';
import {
  getDefiChainTvl,
  getDefiDexVolume,
  getDefiFees,
  getDefiProtocols,
  getDefiStablecoins,
  getDefiYields,
} from './defillama.js';
import { oddsEvents } from './polymarket.js';
import { feedsList } from './chainlink.js';
import { perpsMarkets, perpsSpot } from './hyperliquid.js';
import { sentimentFearGreed } from './alternative-me.js';
import { rankingsTokens } from './codex.js';

export const CAPABILITIES = {
  chainInfo,
  getBlock,
  getTransaction,
  getReceipt,
  getBalance,
  getNonce,
  getCode,
  callContract,
  queryLogs,
  traceTransaction,
  getTokenBalances,
  getTokenMetadata,
  getAssetTransfers,
  getIndexedTransaction,
  getIndexedAddress,
  getAddressTransactions,
  getAddressCounters,
  getTokenHolders,
  getTokenTransfers,
  getVerifiedContract,
  marketSearch,
  getMarketToken,
  getTokenPairs,
  getPairsOfTokens,
  getPair,
  getMarketTokenPrice,
  getOhlcv,
  getTrades,
  getTrendingPools,
  getNewPools,
  getTopPools,
  getMarketNetworks,
  getDexes,
  getGlobalMarket,
  getOhlcHistory,
  getTokenSecurity,
  getAddressSecurity,
  getApprovalSecurity,
  getWalletPortfolio,
  getWalletPositions,
  getWalletTransactions,
  getStockTokens,
  getStockQuote,
  aiGenerate,
  aiModels,
  webSearch,
  webExtract,
  webMap,
  webSimilar,
  webAnswer,
  githubRepo,
  githubSearchRepos,
  githubContents,
  githubTree,
  githubCommits,
  githubBranches,
  githubReleases,
  githubRelease,
  githubIssues,
  githubPulls,
  githubUser,
  githubSearchCode,
  githubRaw,
  subgraphQuery,
  filingsCik,
  filingsSubmissions,
  equitiesQuote,
  equitiesProfile,
  equitiesNews,
  equitiesEarnings,
  macroSeries,
  getDefiChainTvl,
  getDefiProtocols,
  getDefiDexVolume,
  getDefiFees,
  getDefiStablecoins,
  getDefiYields,
  oddsEvents,
  feedsList,
  perpsMarkets,
  perpsSpot,
  sentimentFearGreed,
  rankingsTokens,
} as const satisfies Record<string, CapabilityDefinition>;

/** Core JSON-RPC capabilities every RPC provider serves. */
export const CORE_RPC = [
  'chain.info',
  'onchain.block',
  'onchain.transaction',
  'onchain.receipt',
  'onchain.balance',
  'onchain.nonce',
  'onchain.code',
  'onchain.call',
  'onchain.logs',
  'tokens.metadata',
] as const;
