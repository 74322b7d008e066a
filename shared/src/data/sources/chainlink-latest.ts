// feeds.latest: a Chainlink feed's latest round, read on chain through the data layer's RPC
// providers (`onchain.call`, their routing, fallback, cache and chain-id check), never through an
// HTTP client of its own. `latestRoundData()`, `decimals()` and `description()` of
// AggregatorV3Interface are encoded and decoded with viem.
// The answer is flagged `stale` when `updatedAt` is older than the feed's heartbeat from the
// catalog (`feeds.list`), else than `maxAgeS` (default 3600 s): equity feeds hold their last value
// off-hours without heartbeats, so the age is always checked. The envelope is the RPC answer's
// (its status and provenance); an RPC ERROR or UNAVAILABLE is passed through unchanged.
import { decodeFunctionResult, encodeFunctionData, formatUnits, type Hex } from 'viem';
import type { z } from 'zod';
import { DEFAULT_FEED_MAX_AGE_S, feedsLatest, feedsLatestParams } from '../capabilities/chainlink.js';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { compact } from '../compact.js';
import { errorResult, unavailableResult } from '../result.js';
import type { CachedResult, LiveResult, Result } from '../../contract/result-schema.js';
import type { ChainlinkFeed, ChainlinkFeedCatalog, ChainlinkLatest } from './chainlink-types.js';

/** The part of AggregatorV3Interface read here. */
export const AGGREGATOR_V3_ABI = [
  {
    type: 'function',
    name: 'latestRoundData',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'roundId', type: 'uint80' },
      { name: 'answer', type: 'int256' },
      { name: 'startedAt', type: 'uint256' },
      { name: 'updatedAt', type: 'uint256' },
      { name: 'answeredInRound', type: 'uint80' },
    ],
  },
  {
    type: 'function',
    name: 'decimals',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint8' }],
  },
  {
    type: 'function',
    name: 'description',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
  },
] as const;

const CAPABILITY = feedsLatest.name;
const NETWORK = 'robinhood';
/** Seconds since the epoch beyond which a timestamp is not a date (JavaScript's last date). */
const MAX_SECONDS = 8_640_000_000_000n;

type Served = LiveResult | CachedResult;
const served = (r: Result): r is Served => r.status === 'LIVE' || r.status === 'CACHED';

/** The hex an `onchain.call` answer returned. */
function returned(result: Served): Hex | undefined {
  const value = (result.data as { result?: unknown } | null)?.result;
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) ? (value as Hex) : undefined;
}

/** The hex of a served `onchain.call` answer that returned data. */
function dataOf(result: Result): Hex | undefined {
  if (!served(result)) return undefined;
  const data = returned(result);
  return data && data !== '0x' ? data : undefined;
}

function decimalsOf(result: Result): number | undefined {
  const data = dataOf(result);
  try {
    return data
      ? decodeFunctionResult({ abi: AGGREGATOR_V3_ABI, functionName: 'decimals', data })
      : undefined;
  } catch {
    return undefined;
  }
}

function descriptionOf(result: Result): string | undefined {
  const data = dataOf(result);
  try {
    return data
      ? decodeFunctionResult({ abi: AGGREGATOR_V3_ABI, functionName: 'description', data })
      : undefined;
  } catch {
    return undefined;
  }
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** The catalog's feeds named by `text`: its pair, name or path, spaces and case ignored. */
function feedsNamed(feeds: readonly ChainlinkFeed[], text: string): ChainlinkFeed[] {
  const wanted = squash(text);
  const matches = feeds.filter((f) =>
    [f.pair, f.name, f.path].some((v) => v !== undefined && squash(v) === wanted),
  );
  return [...new Map(matches.map((f) => [f.proxyAddress.toLowerCase(), f])).values()];
}

const sameAddress = (a: string | undefined, b: string) =>
  a !== undefined && a.toLowerCase() === b.toLowerCase();

type FeedsLatestParams = z.output<typeof feedsLatestParams>;

/**
 * The feed asked for: by name in the catalog (which it then needs: without it, its answer is the
 * answer), else by address, with its catalog entry when listed. `result` is the answer instead.
 */
async function locateFeed(
  run: RunCapability,
  params: FeedsLatestParams,
  unavailable: (reason: string) => Result,
): Promise<{ result: Result } | { entry: ChainlinkFeed | undefined; address: string }> {
  const catalog = await run('feeds.list', {});
  const feeds = served(catalog) ? (catalog.data as ChainlinkFeedCatalog).feeds : undefined;
  if (params.feed === undefined) {
    const address = params.address ?? '';
    const entry = feeds?.find(
      (f) => sameAddress(f.proxyAddress, address) || sameAddress(f.secondaryProxyAddress, address),
    );
    return { entry, address };
  }
  if (!feeds) return { result: catalog };
  const named = feedsNamed(feeds, params.feed);
  if (named.length > 1)
    return {
      result: errorResult(
        'INVALID_INPUT',
        `"${params.feed}" names ${named.length} feeds (${named.map((f) => `${f.name} ${f.proxyAddress}`).join('; ')}); ask by address`,
        [],
        CAPABILITY,
      ),
    };
  const [only] = named;
  if (!only) return { result: unavailable(`the Chainlink feed catalog lists no feed "${params.feed}"`) };
  return { entry: only, address: only.proxyAddress };
}

interface Round {
  roundId: bigint;
  answer: bigint;
  startedAt: bigint;
  updatedAt: bigint;
  answeredInRound: bigint;
}

/** The round as answered, its age, and whether it is stale (past the heartbeat, else maxAgeS). */
function latestOf(
  address: string,
  entry: ChainlinkFeed | undefined,
  { roundId, answer, startedAt, updatedAt, answeredInRound }: Round,
  read: {
    decimals: number | undefined;
    description: string | undefined;
    nowMs: number;
    maxAgeS?: number | undefined;
  },
): ChainlinkLatest {
  const { decimals, description } = read;
  const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();
  const ageS = Math.max(0, Math.floor(read.nowMs / 1000 - Number(updatedAt)));
  const heartbeat = entry?.heartbeatS;
  const staleAfterS = heartbeat ?? read.maxAgeS ?? DEFAULT_FEED_MAX_AGE_S;
  return compact({
    address,
    feed: entry?.name,
    description: description || undefined,
    roundId: roundId.toString(),
    answer: answer.toString(),
    decimals,
    price: decimals !== undefined ? formatUnits(answer, decimals) : undefined,
    startedAt: startedAt > 0n && startedAt <= MAX_SECONDS ? iso(startedAt) : undefined,
    updatedAt: iso(updatedAt),
    answeredInRound: answeredInRound.toString(),
    ageS,
    stale: ageS > staleAfterS,
    staleAfterS,
    staleBound: heartbeat !== undefined ? 'heartbeat' : 'maxAgeS',
  }) as ChainlinkLatest;
}

/**
 * `run` is the data client's capability runner (with the caller's `fresh` bound); `now` the
 * client's clock (milliseconds, or a function giving them).
 */
export async function chainlinkLatest(
  run: RunCapability,
  input: Record<string, unknown>,
  now: number | (() => number),
): Promise<Result> {
  const at = () => (typeof now === 'function' ? now() : now);
  const { fresh: _fresh, ...rest } = input;
  const parsed = feedsLatestParams.safeParse(rest);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`);
    return errorResult('INVALID_INPUT', issues.join('; '), [], CAPABILITY);
  }
  const params = parsed.data;
  const unavailable = (reason: string, provider = 'chainlink') =>
    unavailableResult({ capability: CAPABILITY, provider, network: NETWORK, reason, now: at() });

  const located = await locateFeed(run, params, unavailable);
  if ('result' in located) return located.result;
  const { entry, address } = located;

  const call = (functionName: 'latestRoundData' | 'decimals' | 'description') =>
    run('onchain.call', { to: address, data: encodeFunctionData({ abi: AGGREGATOR_V3_ABI, functionName }) });
  const [round, decimalsAnswer, descriptionAnswer] = await Promise.all([
    call('latestRoundData'),
    call('decimals'),
    call('description'),
  ]);
  if (!served(round)) return round;

  const source = round.provenance.source;
  const data = returned(round);
  let decoded: readonly [bigint, bigint, bigint, bigint, bigint];
  try {
    if (!data || data === '0x') throw new Error('empty');
    decoded = decodeFunctionResult({ abi: AGGREGATOR_V3_ABI, functionName: 'latestRoundData', data });
  } catch {
    return unavailable(`${address} answered no latestRoundData(): no Chainlink feed at this address`, source);
  }
  const [roundId, answer, startedAt, updatedAt, answeredInRound] = decoded;
  if (updatedAt === 0n || updatedAt > MAX_SECONDS)
    return unavailable(`${address} has no completed round (updatedAt ${updatedAt})`, source);

  const latest = latestOf(
    address,
    entry,
    { roundId, answer, startedAt, updatedAt, answeredInRound },
    {
      decimals: decimalsOf(decimalsAnswer) ?? entry?.decimals,
      description: descriptionOf(descriptionAnswer),
      nowMs: at(),
      maxAgeS: params.maxAgeS,
    },
  );
  return { ...round, data: latest };
}
