// The wallet's reading rules (docs/public-api.md, GET /v1/wallet/:address) on the two shapes the
// data layer returns: the primary RPC's (alchemy_getTokenBalances / alchemy_getAssetTransfers read
// into bare contracts and raw amounts) and the explorer's (Blockscout token-balances and
// token-transfers records with the token's metadata).
import { describe, expect, test } from 'vitest';
import {
  amountOf,
  holdingsOf,
  isFungible,
  transfersOf,
  valueOf,
} from '../../src/services/website/wallet-holdings.js';

const WALLET = '0x1f0c2a3b4c5d6e7f8091a2b3c4d5e6f708192a42';
const TOKEN = '0x5fc5360d0400a0fd4f2af552add042d716f1d168';
const ROUTER = '0x8876789976decbfcbbbe364623c63652db8c0904';
const TX = `0x9ab4${'1'.repeat(58)}7c`;

describe('holdingsOf', () => {
  test('the primary RPC: bare contracts and raw balances, metadata left for a look-up', () => {
    expect(
      holdingsOf({ address: WALLET, balances: [{ contract: TOKEN, balance: '1000000' }], truncated: true }),
    ).toEqual({ holdings: [{ token: TOKEN, balance: '1000000' }], truncated: true });
  });

  test("the explorer: the token's name, symbol, decimals and type come with the balance", () => {
    const data = {
      address: WALLET,
      balances: [
        {
          address: TOKEN,
          name: 'Global Dollar',
          symbol: 'USDG',
          decimals: 6,
          type: 'ERC-20',
          contract: TOKEN,
          balance: '1000000',
        },
        { address: ROUTER, contract: ROUTER, balance: '1', tokenId: '42', type: 'ERC-721' },
        { contract: ROUTER, balance: 'not a number' },
      ],
    };
    const { holdings, truncated } = holdingsOf(data);
    expect(truncated).toBe(false);
    expect(holdings).toEqual([
      {
        token: TOKEN,
        balance: '1000000',
        name: 'Global Dollar',
        symbol: 'USDG',
        decimals: 6,
        type: 'ERC-20',
      },
      { token: ROUTER, balance: '1', tokenId: '42', type: 'ERC-721' },
    ]);
    expect(holdings.map(isFungible)).toEqual([true, false]);
  });
});

describe('amounts and values', () => {
  test.each([
    ['1000000', 6, '1'],
    ['1500000', 6, '1.5'],
    ['2500000000000000000000000', 18, '2500000'],
    ['1', 18, '0.000000000000000001'],
    ['42', 0, '42'],
  ])('%s with %i decimals is %s whole tokens', (balance, decimals, amount) => {
    expect(amountOf(balance, decimals)).toBe(amount);
  });

  test('unknown decimals give no amount; no amount or no price gives no value (never 0)', () => {
    expect(amountOf('1000000', undefined)).toBeUndefined();
    expect(valueOf(undefined, '1.0')).toBeUndefined();
    expect(valueOf('1.5', undefined)).toBeUndefined();
    expect(valueOf('2500000', '0.0000001234')).toBeCloseTo(0.3085, 10);
    expect(valueOf('0', '2.5')).toBe(0);
  });
});

describe('transfersOf', () => {
  test('the primary RPC: amount from the raw value and decimals, direction from the wallet', () => {
    const data = {
      address: WALLET,
      transfers: [
        {
          hash: TX,
          blockNumber: '79282848',
          from: WALLET,
          to: ROUTER,
          category: 'erc20',
          asset: 'USDG',
          contract: TOKEN,
          rawValue: '1500000',
          decimals: 6,
          timestamp: '2026-09-03T04:02:11.000Z',
        },
        {
          hash: `0x${'a'.repeat(64)}`,
          from: ROUTER,
          to: WALLET.toUpperCase().replace('0X', '0x'),
          category: 'erc721',
          contract: ROUTER,
          tokenId: '0x2a',
        },
      ],
    };
    expect(transfersOf(data, WALLET, 20)).toEqual({
      transfers: [
        {
          hash: TX,
          blockNumber: '79282848',
          timestamp: '2026-09-03T04:02:11.000Z',
          from: WALLET,
          to: ROUTER,
          token: TOKEN,
          symbol: 'USDG',
          value: '1500000',
          amount: '1.5',
          kind: 'erc20',
          direction: 'out',
        },
        {
          hash: `0x${'a'.repeat(64)}`,
          from: ROUTER,
          to: WALLET.toUpperCase().replace('0X', '0x'),
          token: ROUTER,
          tokenId: '0x2a',
          kind: 'erc721',
          direction: 'in',
        },
      ],
      more: false,
    });
  });

  test("the explorer's page: its records read, and a next page means more", () => {
    const data = {
      items: [
        {
          transaction_hash: TX,
          block_number: 79282848,
          log_index: 5,
          timestamp: '2026-09-03T04:03:07.000000Z',
          from: { hash: WALLET },
          to: { hash: WALLET },
          token: { address_hash: TOKEN, symbol: 'USDG', decimals: '6' },
          token_type: 'ERC-20',
          total: { value: '1500000', decimals: '6' },
          type: 'token_transfer',
        },
      ],
      nextPage: { block_number: 79282800, index: 0 },
    };
    expect(transfersOf(data, WALLET, 20)).toEqual({
      transfers: [
        {
          hash: TX,
          blockNumber: '79282848',
          timestamp: '2026-09-03T04:03:07.000000Z',
          from: WALLET,
          to: WALLET,
          token: TOKEN,
          symbol: 'USDG',
          value: '1500000',
          amount: '1.5',
          kind: 'ERC-20',
          direction: 'self',
        },
      ],
      more: true,
    });
  });

  test('at most `limit` transfers, the rest counted as more', () => {
    const transfers = Array.from({ length: 3 }, (_, i) => ({ hash: `0x${String(i).repeat(64)}` }));
    const read = transfersOf({ transfers }, WALLET, 2);
    expect(read.transfers.map((t) => t.hash)).toEqual([`0x${'0'.repeat(64)}`, `0x${'1'.repeat(64)}`]);
    expect(read.more).toBe(true);
  });
});
