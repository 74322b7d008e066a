// Chainlink through the real client: the feed catalog (feeds.list) against its double, and a
// feed's latest round (chainlinkLatest) read on chain through the public RPC provider against an
// RPC double whose feed proxies answer AggregatorV3Interface: the answer, its price and age, the
// stale flag against the catalog's heartbeat or maxAgeS, the RPC's envelopes passed through, and
// the catalog missing (UNAVAILABLE naming CHAINLINK_FEEDS_URL).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { feedsList } from '../../src/data/capabilities/chainlink.js';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { CHAINLINK_FEEDS_URL, chainlinkEndpoint } from '../../src/data/providers/chainlink/endpoints.js';
import { chainlinkDescriptor } from '../../src/data/providers/chainlink/descriptor.js';
import { PROVIDERS } from '../../src/data/providers/provider-table.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { chainlinkLatest } from '../../src/data/sources/chainlink-latest.js';
import type { ChainlinkFeedCatalog } from '../../src/data/sources/chainlink-types.js';
import { HEAD } from '../vendors/chain-fixtures.js';
import {
  catalogReplies,
  NO_FEED,
  NVDA_FEED,
  startChainlinkCatalogServer,
  startChainlinkRpcServer,
  TSLA_FEED,
  UNLISTED_FEED,
  type CatalogDouble,
  type FeedRpcDouble,
} from '../vendors/chainlink-server.js';
import { publicRpcReplies } from '../vendors/public-rpc-server.js';
import { fakeClock } from './doubles.js';

const START = Date.UTC(2026, 9, 1, 12, 0, 0);
const NOW_S = BigInt(START / 1000);
const publicRpc = PROVIDERS.find((p) => p.id === 'public-rpc');
if (!publicRpc) throw new Error('public-rpc is not in the provider table');

let catalogDouble: CatalogDouble;
let rpc: FeedRpcDouble;
beforeAll(async () => {
  [catalogDouble, rpc] = await Promise.all([startChainlinkCatalogServer(), startChainlinkRpcServer()]);
});
afterAll(() => Promise.all([catalogDouble.close(), rpc.close()]));
beforeEach(() => {
  catalogDouble.reset();
  rpc.calls.length = 0;
  rpc.reads.length = 0;
  rpc.failNext.length = 0;
  rpc.failAll = undefined;
  rpc.feeds.clear();
  // TSLA: updated 10 minutes ago (heartbeat 86400 s in the catalog).
  rpc.feeds.set(TSLA_FEED, {
    roundId: 18446744073709562301n,
    answer: 25137000000n,
    startedAt: NOW_S - 600n,
    updatedAt: NOW_S - 600n,
    answeredInRound: 18446744073709562301n,
    decimals: 8,
    description: 'TSLA / USD',
  });
  // NVDA: updated two days ago, over its 86400 s heartbeat (a weekend without heartbeats).
  rpc.feeds.set(NVDA_FEED, {
    roundId: 18446744073709551999n,
    answer: 18820500000n,
    startedAt: NOW_S - 172_800n,
    updatedAt: NOW_S - 172_800n,
    answeredInRound: 18446744073709551999n,
    decimals: 8,
    description: 'NVDA / USD',
  });
  // Not in the catalog: updated two hours ago; its description() reverts.
  rpc.feeds.set(UNLISTED_FEED, {
    roundId: 7n,
    answer: 99985000n,
    startedAt: 0n,
    updatedAt: NOW_S - 7_200n,
    answeredInRound: 7n,
    decimals: 8,
  });
});

function client(env: DataEnv = {}) {
  const clock = fakeClock(START);
  const c = createDataClient({
    env: {
      PUBLIC_RPC_URL: rpc.url,
      CHAINLINK_FEEDS_URL: catalogDouble.url,
      PKG_NET_ALLOW_PRIVATE: '1',
      ...env,
    },
    providers: [publicRpc as NonNullable<typeof publicRpc>, chainlinkDescriptor],
    capabilities: [feedsList],
    clock,
    throttles: createThrottleRegistry(),
  });
  const latest = (params: Record<string, unknown>) =>
    chainlinkLatest((n, p, o) => c.run(n, p, o), params, clock.now);
  return { c, clock, latest };
}

const eth = (r: { to: string; fn: string }[]) => r.map((x) => x.fn).sort();

describe('chainlink feeds.list', () => {
  test('the catalog of the chain: pair, proxy, decimals, heartbeat, threshold; hidden and proxy-less entries left out', async () => {
    const { c } = client();
    const result = await c.run('feeds.list', {});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'chainlink', chain: 'robinhood', chainId: 4663, fresh: true },
    });
    const data = (result.status === 'LIVE' ? result.data : undefined) as ChainlinkFeedCatalog;
    expect(data).toEqual({
      count: 2,
      leftOut: 2,
      feeds: [
        {
          name: 'Robinhood TSLA / USD',
          pair: 'TSLA / USD',
          base: 'TSLA',
          quote: 'USD',
          path: 'tsla-usd',
          proxyAddress: TSLA_FEED,
          aggregatorAddress: '0x3333333333333333333333333333333333333301',
          decimals: 8,
          heartbeatS: 86400,
          deviationThresholdPct: 0.5,
          assetName: 'Tesla • Robinhood Token',
          feedType: 'Equities',
          feedCategory: 'low',
          marketHours: 'us_equities_24/5',
          productTypeCode: 'primaryTokenizedPrice',
        },
        {
          // No `threshold` and no `docs.marketHours` in the catalog: absent, never 0 or "".
          name: 'Robinhood NVDA / USD',
          pair: 'NVDA / USD',
          base: 'NVDA',
          quote: 'USD',
          path: 'nvda-usd',
          proxyAddress: NVDA_FEED,
          aggregatorAddress: '0x3333333333333333333333333333333333333302',
          decimals: 8,
          heartbeatS: 86400,
          assetName: 'NVIDIA • Robinhood Token',
          feedType: 'Equities',
          feedCategory: 'low',
          productTypeCode: 'primaryTokenizedPrice',
        },
      ],
    });
    expect(catalogDouble.paths).toEqual(['/feeds-robinhood-mainnet.json']);
    await c.close();
  });

  test('cached 10 minutes (the metadata class)', async () => {
    const { c, clock } = client();
    await c.run('feeds.list', {});
    expect(await c.run('feeds.list', {})).toMatchObject({
      status: 'CACHED',
      provenance: { cache: { ttlMs: 600_000 } },
    });
    clock.advance(600_001);
    expect(await c.run('feeds.list', {})).toMatchObject({ status: 'LIVE' });
    expect(catalogDouble.paths).toHaveLength(2);
    await c.close();
  });

  test('the catalog missing (404) is UNAVAILABLE naming CHAINLINK_FEEDS_URL', async () => {
    const { c } = client({ CHAINLINK_FEEDS_URL: `${catalogDouble.origin}/feeds-robinhood-testnet.json` });
    const result = await c.run('feeds.list', {});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      capability: 'feeds.list',
      network: 'robinhood',
    });
    const answer = result.status === 'UNAVAILABLE' ? result.answers?.[0] : undefined;
    expect(answer?.provider).toBe('chainlink');
    expect(answer?.error).toContain('CHAINLINK_FEEDS_URL');
    await c.close();
  });

  test('without CHAINLINK_FEEDS_URL the catalog is the chain file the Chainlink docs render', () => {
    expect(CHAINLINK_FEEDS_URL).toBe(
      'https://reference-data-directory.vercel.app/feeds-robinhood-mainnet.json',
    );
    expect(chainlinkEndpoint({})).toEqual({
      url: CHAINLINK_FEEDS_URL,
      display: CHAINLINK_FEEDS_URL,
      secrets: [],
    });
  });

  test('429 is RATE_LIMITED; 5xx and a non-JSON 200 are provider failures', async () => {
    const { c } = client();
    catalogDouble.failNext.push(catalogReplies.rateLimited);
    expect(await c.run('feeds.list', {})).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    catalogDouble.failNext.push(catalogReplies.serverError);
    const failed = await c.run('feeds.list', {});
    expect(failed).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(failed.status === 'ERROR' && failed.attemptedProviders[0]?.error).toContain('HTTP 503');
    catalogDouble.failNext.push(catalogReplies.notJson);
    const page = await c.run('feeds.list', {});
    expect(page.status === 'ERROR' && page.attemptedProviders[0]?.error).toContain(
      'non-JSON response (HTTP 200)',
    );
    await c.close();
  });

  test('health: one catalog request, with its counts', async () => {
    const { c } = client();
    const health = await c.providers.health();
    expect(health.sections.chainlink).toMatchObject({ status: 'LIVE', data: { feeds: 2, leftOut: 2 } });
    expect(catalogDouble.paths).toEqual(['/feeds-robinhood-mainnet.json']);
    await c.close();
  });
});

describe('chainlink feeds.latest (chainlinkLatest, on chain through the RPC providers)', () => {
  test('a fresh feed: the round, its exact price and age, not stale; provenance is the RPC answer', async () => {
    const { c, latest } = client();
    const result = await latest({ address: TSLA_FEED });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'public-rpc',
        chain: 'robinhood',
        chainId: 4663,
        blockNumber: HEAD.toString(),
        fresh: true,
      },
    });
    expect(result.status === 'LIVE' && result.data).toEqual({
      address: TSLA_FEED,
      feed: 'Robinhood TSLA / USD',
      description: 'TSLA / USD',
      roundId: '18446744073709562301',
      answer: '25137000000',
      decimals: 8,
      price: '251.37',
      startedAt: new Date(START - 600_000).toISOString(),
      updatedAt: new Date(START - 600_000).toISOString(),
      answeredInRound: '18446744073709562301',
      ageS: 600,
      stale: false,
      staleAfterS: 86400,
      staleBound: 'heartbeat',
    });
    // Three eth_calls on the proxy, through the RPC provider; no other HTTP client.
    expect(eth(rpc.reads)).toEqual(['decimals', 'description', 'latestRoundData']);
    expect(rpc.reads.every((r) => r.to === TSLA_FEED)).toBe(true);
    expect(rpc.calls).toContain('eth_chainId');
    await c.close();
  });

  test('a feed older than its catalog heartbeat is flagged stale', async () => {
    const { c, latest } = client();
    const result = await latest({ address: NVDA_FEED });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: { price: '188.205', ageS: 172_800, stale: true, staleAfterS: 86400, staleBound: 'heartbeat' },
    });
    await c.close();
  });

  test('a feed the catalog does not list: maxAgeS is the bound (default 3600 s); a revert of description() leaves it absent', async () => {
    const { c, latest } = client();
    const byDefault = await latest({ address: UNLISTED_FEED });
    expect(byDefault).toMatchObject({
      status: 'LIVE',
      data: { ageS: 7200, stale: true, staleAfterS: 3600, staleBound: 'maxAgeS', price: '0.99985' },
    });
    const data = byDefault.status === 'LIVE' ? (byDefault.data as Record<string, unknown>) : {};
    expect(data).not.toHaveProperty('description');
    expect(data).not.toHaveProperty('feed');
    expect(data).not.toHaveProperty('startedAt');
    const wider = await latest({ address: UNLISTED_FEED, maxAgeS: 10_800 });
    expect(wider).toMatchObject({ data: { stale: false, staleAfterS: 10_800, staleBound: 'maxAgeS' } });
    await c.close();
  });

  test('a feed by its pair or its path, from the catalog', async () => {
    const { c, latest } = client();
    expect(await latest({ feed: 'TSLA / USD' })).toMatchObject({
      status: 'LIVE',
      data: { address: TSLA_FEED },
    });
    expect(await latest({ feed: 'nvda-usd' })).toMatchObject({
      status: 'LIVE',
      data: { address: NVDA_FEED },
    });
    const unknown = await latest({ feed: 'AAPL / USD' });
    expect(resultSchema.parse(unknown)).toMatchObject({ status: 'UNAVAILABLE', capability: 'feeds.latest' });
    expect(unknown.status === 'UNAVAILABLE' && unknown.reason).toContain('lists no feed "AAPL / USD"');
    await c.close();
  });

  test('without the catalog: by address the bound is maxAgeS; by name the catalog answer is passed through', async () => {
    const { c, latest } = client({ CHAINLINK_FEEDS_URL: `${catalogDouble.origin}/missing.json` });
    expect(await latest({ address: TSLA_FEED })).toMatchObject({
      status: 'LIVE',
      data: { ageS: 600, stale: false, staleAfterS: 3600, staleBound: 'maxAgeS', decimals: 8 },
    });
    const byName = await latest({ feed: 'TSLA / USD' });
    expect(byName).toMatchObject({ status: 'UNAVAILABLE', capability: 'feeds.list' });
    expect(JSON.stringify(byName)).toContain('CHAINLINK_FEEDS_URL');
    await c.close();
  });

  test('an address without a feed (eth_call answers 0x) is UNAVAILABLE, not a zero price', async () => {
    const { c, latest } = client();
    const result = await latest({ address: NO_FEED });
    expect(resultSchema.parse(result)).toMatchObject({ status: 'UNAVAILABLE', provider: 'public-rpc' });
    expect(result.status === 'UNAVAILABLE' && result.reason).toContain('no Chainlink feed at this address');
    await c.close();
  });

  test("the RPC's ERROR and UNAVAILABLE are passed through", async () => {
    rpc.failAll = publicRpcReplies.serverError;
    const failing = client();
    const error = await failing.latest({ address: TSLA_FEED });
    expect(resultSchema.parse(error)).toMatchObject({ status: 'ERROR', capability: 'onchain.call' });
    await failing.c.close();
    rpc.failAll = undefined;
    const noRpc = client({ PUBLIC_RPC_URL: 'off' });
    const unavailable = await noRpc.latest({ address: TSLA_FEED });
    expect(resultSchema.parse(unavailable)).toMatchObject({
      status: 'UNAVAILABLE',
      capability: 'onchain.call',
      network: 'robinhood',
    });
    await noRpc.c.close();
  });

  test('parameters are checked before any request; `now` may be a number', async () => {
    const { c } = client();
    const run = (n: string, p: Record<string, unknown>) => c.run(n, p);
    for (const params of [
      {},
      { address: TSLA_FEED, feed: 'TSLA / USD' },
      { address: '0x12' },
      { address: TSLA_FEED, x: 1 },
    ])
      expect(await chainlinkLatest(run, params, START)).toMatchObject({
        status: 'ERROR',
        code: 'INVALID_INPUT',
      });
    expect(catalogDouble.paths).toHaveLength(0);
    expect(rpc.calls).toHaveLength(0);
    expect(await chainlinkLatest(run, { address: TSLA_FEED, fresh: true }, START)).toMatchObject({
      status: 'LIVE',
      data: { ageS: 600, stale: false },
    });
    await c.close();
  });
});
