// The project token's ERC-20 reads (readTokenSupply, readTokenBalances) through the real data
// client (the public RPC provider) against the chain double (test/vendors/uniswap-pools-double.ts),
// whose tokens answer totalSupply(), decimals() and balanceOf(address): the values of the double,
// the calls sent (viem's erc20Abi selectors, one eth_call each), one envelope per reading (CACHED
// when any call came from the cache), an address that is no token, and RPC failures passed
// through as the RPC's ERROR envelope.
import { zeroAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import {
  projectTokenBalancesSchema,
  projectTokenSupplySchema,
  readTokenBalances,
  readTokenSupply,
} from '../../src/data/project-token/index.js';
import { PROVIDERS } from '../../src/data/providers/provider-table.js';
import { resultSchema, type Result } from '../../src/contract/result-schema.js';
import { publicRpcReplies } from '../vendors/public-rpc-server.js';
import {
  DEAD,
  DEV_WALLET,
  HEAD,
  PKG,
  USDC,
  V2_PKG_USDC,
  WHALE,
  startUniswapPoolsDouble,
  type UniswapPoolsDouble,
} from '../vendors/uniswap-pools-double.js';
import { fakeClock } from './doubles.js';

const publicRpc = PROVIDERS.find((p) => p.id === 'public-rpc');
if (!publicRpc) throw new Error('the provider table has no public-rpc');

/** ERC-20 selectors (the first 4 bytes of keccak256 of the signature). */
const TOTAL_SUPPLY = '0x18160ddd';
const DECIMALS = '0x313ce567';
const BALANCE_OF = '0x70a08231';
const e18 = 10n ** 18n;

let d: UniswapPoolsDouble;
beforeAll(async () => {
  d = await startUniswapPoolsDouble();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

/** A data client on the chain double; closed after the test body. */
async function withClient<T>(body: (run: ReturnType<typeof createDataClient>['run']) => Promise<T>) {
  const c = createDataClient({
    env: { PUBLIC_RPC_URL: d.url, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [publicRpc as NonNullable<typeof publicRpc>],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
  try {
    return await body(c.run);
  } finally {
    await c.close();
  }
}

function served(result: Result) {
  expect(resultSchema.parse(result)).toEqual(result);
  if (result.status !== 'LIVE' && result.status !== 'CACHED') throw new Error(JSON.stringify(result));
  return result;
}

describe('readTokenSupply', () => {
  test.each([
    { name: 'PKG', token: PKG, decimals: 18, total: '1000000000', totalRaw: 1_000_000_000n * e18 },
    { name: 'USDC', token: USDC, decimals: 6, total: '9000000', totalRaw: 9_000_000n * 10n ** 6n },
  ] as const)('$name: totalSupply() and decimals(), one call each', async (row) => {
    const result = served(await withClient((run) => readTokenSupply(run, row.token)));
    expect(projectTokenSupplySchema.parse(result.data)).toEqual({
      decimals: row.decimals,
      total: row.total,
      totalRaw: row.totalRaw.toString(),
    });
    expect(result).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'public-rpc', chainId: 4663, blockNumber: HEAD.toString() },
    });
    expect(d.ethCalls.map((c) => [c.to, c.selector]).sort()).toEqual(
      [
        [row.token, DECIMALS],
        [row.token, TOTAL_SUPPLY],
      ].sort(),
    );
  });

  test('read again through the same client: CACHED, with the cache provenance, and no new eth_call', async () => {
    await withClient(async (run) => {
      expect(served(await readTokenSupply(run, PKG)).status).toBe('LIVE');
      const calls = d.ethCalls.length;
      const again = served(await readTokenSupply(run, PKG));
      expect(again).toMatchObject({ status: 'CACHED', provenance: { cache: expect.any(Object) } });
      expect(again.data).toMatchObject({ decimals: 18, total: '1000000000' });
      expect(d.ethCalls).toHaveLength(calls);
    });
  });

  test('an address without code answers 0x: PROVIDER_ERROR naming the function and the address', async () => {
    const nobody = '0x0000000000000000000000000000000000001234';
    const result = await withClient((run) => readTokenSupply(run, nobody));
    expect(resultSchema.parse(result)).toEqual(result);
    expect(result).toEqual({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      message: `totalSupply() on ${nobody}: no answer (no such contract or function)`,
      capability: 'onchain.call',
      attemptedProviders: [],
    });
  });

  test('a contract that is no token reverts: the RPC error passes through', async () => {
    const result = await withClient((run) => readTokenSupply(run, V2_PKG_USDC.address as `0x${string}`));
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR', capability: 'onchain.call' });
    expect(result.status === 'ERROR' && result.message).toMatch(/revert/i);
  });
});

describe('readTokenBalances', () => {
  test('balanceOf of each holder, raw, in the order asked (a holder with none reads 0)', async () => {
    const holders = [zeroAddress, DEAD, DEV_WALLET, WHALE] as const;
    const result = served(await withClient((run) => readTokenBalances(run, PKG, holders)));
    expect(projectTokenBalancesSchema.parse(result.data)).toEqual({
      balances: [
        { address: zeroAddress, raw: '0' },
        { address: DEAD, raw: (150_000_000n * e18).toString() },
        { address: DEV_WALLET, raw: (50_000_000n * e18).toString() },
        { address: WHALE, raw: (20_000_000n * e18).toString() },
      ],
    });
    expect(result.provenance).toMatchObject({ source: 'public-rpc', blockNumber: HEAD.toString() });
    expect(d.ethCalls).toHaveLength(4);
    expect(new Set(d.ethCalls.map((c) => `${c.to} ${c.selector}`))).toEqual(
      new Set([`${PKG} ${BALANCE_OF}`]),
    );
  });

  test('one call from the cache makes the reading CACHED, with that call’s provenance', async () => {
    await withClient(async (run) => {
      const first = served(await readTokenBalances(run, PKG, [DEAD]));
      expect(first.status).toBe('LIVE');
      const mixed = served(await readTokenBalances(run, PKG, [WHALE, DEAD]));
      expect(mixed).toMatchObject({ status: 'CACHED', provenance: { cache: expect.any(Object) } });
      expect(mixed.data).toEqual({
        balances: [
          { address: WHALE, raw: (20_000_000n * e18).toString() },
          { address: DEAD, raw: (150_000_000n * e18).toString() },
        ],
      });
      expect(d.ethCalls).toHaveLength(2);
    });
  });

  test('no holder: INVALID_INPUT, and no request', async () => {
    const result = await withClient((run) => readTokenBalances(run, PKG, []));
    expect(result).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(d.calls).toEqual([]);
  });
});

describe('RPC failures pass through as the RPC envelope', () => {
  test.each([
    ['a 503', publicRpcReplies.serverError, 'ALL_PROVIDERS_FAILED'],
    ['a rate limit', publicRpcReplies.rateLimited, 'RATE_LIMITED'],
  ])('%s', async (_name, reply, code) => {
    d.failAll = reply;
    for (const result of [
      await withClient((run) => readTokenSupply(run, PKG)),
      await withClient((run) => readTokenBalances(run, PKG, [DEAD, DEV_WALLET])),
    ]) {
      expect(resultSchema.parse(result)).toEqual(result);
      expect(result).toMatchObject({
        status: 'ERROR',
        code,
        capability: 'onchain.call',
        attemptedProviders: [{ provider: 'public-rpc' }],
      });
    }
  });
});
