// Every provider's real code against its vendor double: the capabilities each one serves and
// the envelope they produce.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { HEAD, ROUTER, TOKEN, TX, UNKNOWN_TX, WALLET } from '../vendors/chain-fixtures.js';
import { fakeClock, startDoubles, type Doubles } from './doubles.js';

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

/** A client that sees only the listed variables of the doubles' environment. */
function only(...names: (keyof DataEnv)[]) {
  const env: DataEnv = { PUBLIC_RPC_URL: 'off', PKG_NET_ALLOW_PRIVATE: '1' };
  for (const name of names) env[name] = d.env[name];
  return createDataClient({ env, clock: fakeClock() });
}

describe.each([
  ['public-rpc', ['PUBLIC_RPC_URL']],
  ['alchemy', ['ALCHEMY_RPC_URL', 'ALCHEMY_API_KEY']],
  ['quicknode', ['QUICKNODE_RPC_URL']],
  ['edge-rpc', ['EDGE_RPC_URL', 'EDGE_RPC_KEY']],
] as const)('%s serves the core JSON-RPC capabilities', (id, names) => {
  test('chain info, head block, transaction, receipt, pinned balance, nonce, code, logs, ERC-20 reads', async () => {
    const client = only(...names);
    const info = await client.chain.info();
    expect(resultSchema.parse(info)).toMatchObject({
      status: 'LIVE',
      data: { chain: 'robinhood', chainId: 4663, headBlock: HEAD.toString(), gasPrice: '10000000' },
      provenance: { source: id, chain: 'robinhood', chainId: 4663, fresh: true },
    });
    const block = await client.onchain.block({ block: 'latest' });
    expect(block).toMatchObject({
      status: 'LIVE',
      data: { number: HEAD.toString(), l1BlockNumber: '0x16c2f11', transactionCount: 2 },
    });
    expect(block.status === 'LIVE' && block.provenance.blockNumber).toBe(HEAD.toString());
    expect(await client.onchain.transaction({ hash: TX })).toMatchObject({
      status: 'LIVE',
      data: { hash: TX, from: WALLET, nonce: 42, type: 'eip1559' },
    });
    expect(await client.onchain.receipt({ hash: TX })).toMatchObject({
      status: 'LIVE',
      data: { status: 'success', gasUsed: '177056', gasUsedForL1: '0x1d4c' },
    });
    const balance = await client.onchain.balance({ address: WALLET });
    expect(balance).toMatchObject({
      status: 'LIVE',
      data: { wei: '500000000000000000', ether: '0.5' },
      provenance: { blockNumber: HEAD.toString() },
    });
    expect(await client.onchain.nonce({ address: WALLET })).toMatchObject({
      status: 'LIVE',
      data: { nonce: 42 },
    });
    expect(await client.onchain.code({ address: WALLET })).toMatchObject({
      status: 'LIVE',
      data: { isContract: false, size: 0 },
    });
    const logs = await client.onchain.logs({ address: TOKEN, fromBlock: '100', toBlock: '101' });
    expect(logs).toMatchObject({ status: 'LIVE', data: { count: 2 } });
    const metadata = await client.tokens.metadata({ token: TOKEN });
    const expected =
      id === 'alchemy'
        ? { name: 'Global Dollar', symbol: 'USDG', decimals: 6 }
        : { name: 'Global Dollar', symbol: 'USDG', decimals: 6, totalSupply: '125000000000000' };
    expect(metadata).toMatchObject({ status: 'LIVE', data: expected, provenance: { source: id } });
    expect(await client.onchain.transaction({ hash: UNKNOWN_TX })).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
    });
    await client.close();
  });
});

describe('vendor extras', () => {
  test('alchemy: token balances (zero balances left out) and asset transfers', async () => {
    const client = only('ALCHEMY_RPC_URL', 'ALCHEMY_API_KEY');
    expect(await client.tokens.balances({ address: WALLET })).toMatchObject({
      status: 'LIVE',
      data: { address: WALLET, balances: [{ contract: TOKEN, balance: '1000000' }] },
    });
    const transfers = await client.tokens.transfers({ address: WALLET });
    expect(transfers).toMatchObject({
      status: 'LIVE',
      data: {
        transfers: [
          { hash: TX, asset: 'USDG', rawValue: '1500000', decimals: 6, blockNumber: HEAD.toString() },
        ],
      },
    });
    expect(d.alchemy.calls.filter((m) => m === 'alchemy_getAssetTransfers')).toHaveLength(2);
    await client.close();
  });

  test('quicknode: call trace with the callTracer', async () => {
    const client = only('QUICKNODE_RPC_URL');
    const trace = await client.onchain.trace({ hash: TX });
    expect(trace).toMatchObject({
      status: 'LIVE',
      data: {
        type: 'CALL',
        from: WALLET,
        to: ROUTER,
        value: '1000000000000000',
        calls: [{ type: 'CALL', input: '0xd0e30db0' }],
      },
    });
    expect(await client.onchain.trace({ hash: UNKNOWN_TX })).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
    });
    await client.close();
  });

  test('blockscout: indexed transaction, address, counters, balances, holders, transfers, verified source', async () => {
    const client = only('BLOCKSCOUT_BASE_URL', 'BLOCKSCOUT_API_KEY');
    expect(await client.explorer.transaction({ hash: TX })).toMatchObject({
      status: 'LIVE',
      data: { hash: TX, arbitrum: { batch_number: 12345 } },
    });
    expect(await client.explorer.address({ address: ROUTER })).toMatchObject({
      status: 'LIVE',
      data: { is_contract: true, name: 'UniversalRouter' },
    });
    expect(await client.explorer.counters({ address: WALLET })).toMatchObject({
      status: 'LIVE',
      data: { transactions_count: '42' },
    });
    expect(await client.tokens.balances({ address: WALLET })).toMatchObject({
      status: 'LIVE',
      data: { balances: [{ contract: TOKEN, balance: '1000000', symbol: 'USDG', decimals: 6 }] },
    });
    expect(await client.tokens.metadata({ token: TOKEN })).toMatchObject({
      status: 'LIVE',
      data: { symbol: 'USDG', holders: '2', totalSupply: '125000000000000' },
    });
    expect(await client.explorer.holders({ token: TOKEN })).toMatchObject({
      status: 'LIVE',
      data: { items: [{ value: '125000000000000' }] },
    });
    const txs = await client.explorer.transactions({ address: WALLET });
    expect(txs).toMatchObject({ status: 'LIVE', data: { nextPage: { index: 0 } } });
    expect(JSON.stringify(txs)).not.toContain('ECHOED');
    const source = await client.explorer.contract({ address: ROUTER });
    expect(source).toMatchObject({
      status: 'LIVE',
      data: { name: 'UniversalRouter', abi: [{ name: 'execute' }] },
    });
    expect(await client.explorer.contract({ address: TOKEN })).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'blockscout', error: expect.stringMatching(/^no data: /) }],
    });
    expect(await client.explorer.transaction({ hash: UNKNOWN_TX })).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
    });
    await client.close();
  });

  test('composite answers: every section has its own status and provenance', async () => {
    const client = createDataClient({ env: d.env, clock: fakeClock(), throttles: createThrottleRegistry() });
    const wallet = await client.inspect.wallet({ address: WALLET });
    expect(wallet.status).toBe('LIVE');
    expect(Object.keys(wallet.sections)).toEqual([
      'balance',
      'nonce',
      'tokens',
      'transfers',
      'counters',
      'portfolio',
      'positions',
      'security',
    ]);
    for (const [name, section] of Object.entries(wallet.sections))
      expect([name, section.status]).toEqual([name, 'LIVE']);
    expect(wallet.sections.portfolio).toMatchObject({ provenance: { source: 'zerion' } });
    expect(wallet.sections.security).toMatchObject({ provenance: { source: 'goplus' } });
    const tx = await client.inspect.transaction({ hash: TX });
    expect(tx.sections.trace).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'quicknode',
        fallbackFrom: [{ provider: 'alchemy', error: expect.stringMatching(/^unsupported: /) }],
      },
    });
    const contract = await client.inspect.contract({ address: ROUTER });
    expect(contract.sections.source).toMatchObject({ status: 'LIVE', provenance: { source: 'blockscout' } });
    const missing = await client.inspect.transaction({ hash: UNKNOWN_TX });
    expect(missing).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    await client.close();
  });
});
