// Doubles for Chainlink on the chain: the feed catalog (the reference-data-directory file
// `GET /feeds-robinhood-mainnet.json`, a static Vercel host: 404 for any other file, as for the
// testnet name) and an RPC node whose feed proxies answer AggregatorV3Interface's
// `latestRoundData()`, `decimals()` and `description()` to `eth_call` as the vendor documents
// them, on the JSON-RPC core shared by the RPC doubles. Addresses and values are illustrative.
import { AGGREGATOR_V3_ABI } from '../../src/data/sources/chainlink-latest.js';
import { decodeFunctionData, encodeFunctionResult } from 'viem';
import type { IncomingMessage } from 'node:http';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';
import { RpcError, startRpcDouble, type RpcDouble } from './json-rpc-double.js';

export const CATALOG_PATH = '/feeds-robinhood-mainnet.json';
export const TSLA_FEED = '0x2222222222222222222222222222222222222201';
export const NVDA_FEED = '0x2222222222222222222222222222222222222202';
/** A feed the catalog does not list (read by address only). */
export const UNLISTED_FEED = '0x2222222222222222222222222222222222222203';
/** An address with no contract: eth_call answers 0x. */
export const NO_FEED = '0x2222222222222222222222222222222222222299';
const TSLA_AGGREGATOR = '0x3333333333333333333333333333333333333301';
const NVDA_AGGREGATOR = '0x3333333333333333333333333333333333333302';
const HIDDEN_FEED = '0x2222222222222222222222222222222222222204';

// The catalog — an array of `ChainMetadata` (github.com/smartcontractkit/documentation,
// src/features/data/api/index.ts) as in the chain's file:
// two equity reference feeds (one without a `threshold` and `docs.marketHours`), an entry hidden
// by the docs, and one without a proxy address (both left out by the provider).
export function catalog() {
  const equity = (ticker: string, company: string, proxy: string, aggregator: string) => ({
    compareOffchain: '',
    contractAddress: aggregator,
    contractType: 'aggregator',
    contractVersion: 6,
    decimalPlaces: null,
    ens: null,
    feedId: null,
    formatDecimalPlaces: null,
    healthPrice: '',
    heartbeat: 86400,
    history: false,
    multiply: '100000000',
    name: `Robinhood ${ticker} / USD`,
    pair: [ticker, 'USD'],
    path: `${ticker.toLowerCase()}-usd`,
    proxyAddress: proxy,
    threshold: 0.5,
    valuePrefix: '$',
    assetName: `${company} • Robinhood Token`,
    feedCategory: 'low',
    feedType: 'Equities',
    decimals: 8,
    docs: {
      assetClass: 'Equities',
      baseAsset: ticker,
      quoteAsset: 'USD',
      marketHours: 'us_equities_24/5',
      productTypeCode: 'primaryTokenizedPrice',
    },
    transmissionsAccount: null,
  });
  const nvda = equity('NVDA', 'NVIDIA', NVDA_FEED, NVDA_AGGREGATOR);
  const { threshold: _t, ...nvdaWithoutThreshold } = nvda;
  const { marketHours: _m, ...nvdaDocs } = nvda.docs;
  return [
    equity('TSLA', 'Tesla', TSLA_FEED, TSLA_AGGREGATOR),
    { ...nvdaWithoutThreshold, docs: nvdaDocs },
    { ...equity('OLD', 'Retired', HIDDEN_FEED, TSLA_AGGREGATOR), docs: { hidden: true } },
    { ...equity('NEW', 'Upcoming', NO_FEED, NVDA_AGGREGATOR), proxyAddress: null },
  ];
}

export interface CatalogReply {
  status: number;
  body?: unknown;
  /** A non-JSON body (text). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface CatalogDouble extends HttpDouble {
  /** The catalog's URL (CHAINLINK_FEEDS_URL). */
  url: string;
  /** Requests per path. */
  paths: string[];
  /** Answers the next requests with these instead (one each). */
  failNext: CatalogReply[];
  reset: () => void;
}

export const catalogReplies = {
  // Vercel's answer for a file it does not serve: text, x-vercel-error NOT_FOUND.
  notFound: {
    status: 404,
    raw: 'The page could not be found\n\nNOT_FOUND\n',
    headers: { 'x-vercel-error': 'NOT_FOUND' },
  },
  rateLimited: { status: 429, raw: 'Too Many Requests', headers: { 'retry-after': '60' } },
  serverError: { status: 503, raw: '<!DOCTYPE html><title>503</title>' },
  notJson: { status: 200, raw: '<!DOCTYPE html><title>Chainlink</title>' },
} satisfies Record<string, CatalogReply>;

export async function startChainlinkCatalogServer(): Promise<CatalogDouble> {
  const ref: { self?: CatalogDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const double = ref.self as CatalogDouble;
    const path = new URL(req.url ?? '/', double.origin).pathname;
    double.paths.push(path);
    const queued = double.failNext.shift();
    const reply: CatalogReply | undefined =
      queued ?? (path === CATALOG_PATH ? undefined : catalogReplies.notFound);
    if (reply) {
      if (reply.raw !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8', ...reply.headers });
        return res.end(reply.raw);
      }
      return sendJson(res, reply.status, reply.body ?? null, reply.headers);
    }
    return sendJson(res, 200, catalog());
  });
  const self: CatalogDouble = Object.assign(http, {
    url: `${http.origin}${CATALOG_PATH}`,
    paths: [] as string[],
    failNext: [] as CatalogDouble['failNext'],
    reset: () => {
      self.paths.length = 0;
      self.failNext.length = 0;
    },
  });
  ref.self = self;
  return self;
}

/** What a feed proxy answers; a missing member makes that call revert. */
export interface FeedState {
  roundId: bigint;
  answer: bigint;
  startedAt: bigint;
  updatedAt: bigint;
  answeredInRound: bigint;
  decimals?: number;
  description?: string;
}

// The AggregatorV3Interface functions the feeds answer (https://docs.chain.link/data-feeds/api-reference).
const AGGREGATOR_ABI = AGGREGATOR_V3_ABI;

export interface FeedRpcDouble extends RpcDouble {
  /** Feed proxies by lower-case address. */
  feeds: Map<string, FeedState>;
  /** eth_call requests: the address and the function called. */
  reads: { to: string; fn: string }[];
}

/**
 * A keyless RPC node (the official public RPC's shape) whose `eth_call` answers feed proxies:
 * the ABI-encoded return of the function the calldata selects, `0x` at an address without code,
 * and geth's `execution reverted` for a function the proxy does not answer.
 */
export async function startChainlinkRpcServer(): Promise<FeedRpcDouble> {
  const feeds = new Map<string, FeedState>();
  const reads: { to: string; fn: string }[] = [];
  const rpc = await startRpcDouble({
    path: '/',
    authorize: () => undefined,
    methods: () => ({
      eth_call: ([call]) => {
        const { to, data } = call as { to: string; data: `0x${string}` };
        const feed = feeds.get(to.toLowerCase());
        let fn: string;
        try {
          fn = decodeFunctionData({ abi: AGGREGATOR_ABI, data }).functionName;
        } catch {
          fn = data.slice(0, 10);
        }
        reads.push({ to: to.toLowerCase(), fn });
        if (!feed) return '0x';
        if (fn === 'latestRoundData')
          return encodeFunctionResult({
            abi: AGGREGATOR_ABI,
            functionName: 'latestRoundData',
            result: [feed.roundId, feed.answer, feed.startedAt, feed.updatedAt, feed.answeredInRound],
          });
        if (fn === 'decimals' && feed.decimals !== undefined)
          return encodeFunctionResult({
            abi: AGGREGATOR_ABI,
            functionName: 'decimals',
            result: feed.decimals,
          });
        if (fn === 'description' && feed.description !== undefined)
          return encodeFunctionResult({
            abi: AGGREGATOR_ABI,
            functionName: 'description',
            result: feed.description,
          });
        throw new RpcError(3, 'execution reverted');
      },
    }),
  });
  return Object.assign(rpc, { feeds, reads });
}
