// Double of the Blockscout PRO API for chain 4663, GET /4663/api/v2/... ?apikey={key}.
// Shapes follow the PRO API OpenAPI (blockscout/docs openapi-specs/pro-api-v12.json) and
// https://docs.blockscout.com/devs/apis/rest; gateway errors per
// https://docs.blockscout.com/devs/pro-api-responses-and-routes as recorded in the vendor's documentation:
// 402 without key, 401 for a bogus key, 402 "Out of credits", 404 "Network not supported".
import { HEAD, ROUTER, TOKEN, TX, WALLET } from './chain-fixtures.js';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';
import type { Reply } from './json-rpc-double.js';
import { BALANCES, DEAD, DEV_WALLET, PKG, V2_PKG_USDC, V2_WETH_PKG, WHALE } from './uniswap-pools-double.js';

export interface BlockscoutDouble extends HttpDouble {
  baseUrl: string;
  paths: string[];
  failNext: Reply[];
  /** Holds the next responses until released (for the time-out test). */
  stall: Promise<void> | undefined;
}

const address = (hash: string, extra: Record<string, unknown> = {}) => ({
  hash,
  is_contract: false,
  is_verified: null,
  name: null,
  implementations: [],
  is_scam: false,
  reputation: 'ok',
  proxy_type: null,
  ens_domain_name: null,
  metadata: null,
  public_tags: [],
  private_tags: [],
  watchlist_names: [],
  ...extra,
});

const token = {
  address_hash: TOKEN,
  name: 'Global Dollar',
  symbol: 'USDG',
  decimals: '6',
  type: 'ERC-20',
  total_supply: '125000000000000',
  holders_count: '2',
  exchange_rate: null,
  circulating_market_cap: null,
  volume_24h: null,
  icon_url: null,
  reputation: 'ok',
};

// The project token of the Uniswap pools double (uniswap-pools-double.ts) as the explorer indexes
// it: its address record (a verified contract, with the token object and its holder count) and
// its holders, largest first, with the balances the chain double holds and the pairs' reserves.
// Shapes: "Address object", "Token object" and GET /tokens/{hash}/holders of the PRO API
// OpenAPI (pro-api-v12.json; https://docs.blockscout.com/devs/apis/rest).
const PKG_TOKEN = {
  ...token,
  address_hash: PKG,
  name: 'Package Token',
  symbol: 'PKG',
  decimals: '18',
  total_supply: (1_000_000_000n * 10n ** 18n).toString(),
  holders_count: '1234',
};
const pkgBalance = (holder: string) => (BALANCES[PKG]?.[holder] ?? 0n).toString();
const PKG_HOLDERS = [
  { address: address('0x000000000000000000000000000000000000dEaD'), value: pkgBalance(DEAD) },
  { address: address(DEV_WALLET), value: pkgBalance(DEV_WALLET) },
  { address: address(WHALE), value: pkgBalance(WHALE) },
  ...[V2_PKG_USDC, V2_WETH_PKG].map((pair) => ({
    address: address(pair.address, { is_contract: true, is_verified: true, name: 'UniswapV2Pair' }),
    value: (pair.token0 === PKG ? pair.reserve0 : pair.reserve1).toString(),
  })),
].map((holder) => ({ ...holder, token_id: null }));

const routes: [RegExp, (m: RegExpMatchArray) => unknown][] = [
  [
    /^\/addresses\/(0x[0-9a-f]{40})\/token-balances$/i,
    () => [{ token, token_id: null, token_instance: null, value: '1000000' }],
  ],
  [
    /^\/addresses\/(0x[0-9a-f]{40})\/counters$/i,
    () => ({
      transactions_count: '42',
      token_transfers_count: '7',
      gas_usage_count: '1234567',
      validations_count: '0',
    }),
  ],
  [
    /^\/addresses\/(0x[0-9a-f]{40})\/token-transfers$/i,
    () => ({
      items: [
        {
          transaction_hash: TX,
          block_number: Number(HEAD),
          log_index: 5,
          timestamp: '2026-09-03T04:03:07.000000Z',
          from: address(WALLET),
          to: address(ROUTER),
          token,
          token_type: 'ERC-20',
          total: { value: '1500000', decimals: '6' },
          type: 'token_transfer',
          method: 'transfer',
        },
      ],
      next_page_params: null,
    }),
  ],
  [
    /^\/addresses\/(0x[0-9a-f]{40})\/transactions$/i,
    () => ({
      items: [{ hash: TX, status: 'ok', block_number: Number(HEAD), value: '1000000000000000' }],
      next_page_params: { block_number: Number(HEAD) - 10, index: 0, items_count: 50, key: 'ECHOED' },
    }),
  ],
  [
    /^\/addresses\/(0x[0-9a-f]{40})$/i,
    (m) =>
      address(
        m[1] ?? '',
        m[1]?.toLowerCase() === PKG
          ? { is_contract: true, is_verified: true, name: 'PackageToken', token: PKG_TOKEN }
          : m[1]?.toLowerCase() === ROUTER
            ? {
                is_contract: true,
                is_verified: true,
                name: 'UniversalRouter',
                coin_balance: '31000000000000000',
                creator_address_hash: WALLET,
                creation_transaction_hash: TX,
              }
            : { coin_balance: '500000000000000000' },
      ),
  ],
  [
    /^\/tokens\/(0x[0-9a-f]{40})\/holders$/i,
    (m) => ({
      items:
        m[1]?.toLowerCase() === PKG
          ? PKG_HOLDERS
          : [{ address: address(WALLET), value: '125000000000000', token_id: null }],
      next_page_params: null,
    }),
  ],
  [
    /^\/tokens\/(0x[0-9a-f]{40})\/transfers$/i,
    () => ({
      items: [
        {
          transaction_hash: TX,
          block_number: Number(HEAD),
          from: address(WALLET),
          to: address(ROUTER),
          token,
          total: { value: '1500000', decimals: '6' },
          type: 'token_transfer',
        },
      ],
      next_page_params: null,
    }),
  ],
  [/^\/tokens\/(0x[0-9a-f]{40})$/i, (m) => (m[1]?.toLowerCase() === TOKEN ? token : undefined)],
  [
    /^\/transactions\/(0x[0-9a-f]{64})$/i,
    (m) =>
      m[1] === TX
        ? {
            hash: TX,
            status: 'ok',
            result: 'success',
            block_number: Number(HEAD),
            method: 'execute',
            from: address(WALLET),
            to: address(ROUTER, { is_contract: true }),
            value: '1000000000000000',
            fee: { type: 'actual', value: '1769600000000' },
            arbitrum: { batch_number: 12345, status: 'Sealed on rollup' },
            revert_reason: null,
            decoded_input: null,
          }
        : undefined,
  ],
  [
    /^\/smart-contracts\/(0x[0-9a-f]{40})$/i,
    (m) =>
      m[1]?.toLowerCase() === ROUTER
        ? {
            name: 'UniversalRouter',
            language: 'solidity',
            compiler_version: 'v0.8.17+commit.8df45f5f',
            is_verified: true,
            source_code: 'contract UniversalRouter {}',
            abi: [{ type: 'function', name: 'execute', inputs: [], outputs: [], stateMutability: 'payable' }],
          }
        : m[1]?.toLowerCase() === TOKEN
          ? { is_verified: false, source_code: null, abi: null, deployed_bytecode: '0x6080' }
          : undefined,
  ],
  [
    /^\/stats$/,
    () => ({ total_blocks: HEAD.toString(), average_block_time: 100, total_transactions: '1000000' }),
  ],
];

export async function startBlockscoutServer(key: string): Promise<BlockscoutDouble> {
  const ref: { self?: BlockscoutDouble } = {};
  const http = await startHttpDouble(async (req, _body, res) => {
    const double = ref.self as BlockscoutDouble;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith('/4663/')) return sendJson(res, 404, { error: 'Network not supported' });
    const apikey = url.searchParams.get('apikey');
    if (!apikey)
      return sendJson(res, 402, { error: 'Proceed with API key or make a X402 payment to continue' });
    if (apikey !== key) return sendJson(res, 401, { error: 'Unauthorized' });
    const path = url.pathname.replace(/^\/4663\/api\/v2/, '');
    double.paths.push(path);
    if (double.stall) await double.stall;
    const queued = double.failNext.shift();
    if (queued) {
      if (queued.raw !== undefined) {
        res.writeHead(queued.status, { 'content-type': 'text/html' });
        return res.end(queued.raw);
      }
      return sendJson(res, queued.status, queued.body);
    }
    for (const [pattern, handler] of routes) {
      const match = path.match(pattern);
      if (!match) continue;
      const body = handler(match);
      return body === undefined
        ? sendJson(res, 404, { message: 'Not found' })
        : sendJson(res, 200, body, {
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': '4',
            'x-credits-remaining': '99980',
          });
    }
    return sendJson(res, 404, { message: 'Not found' });
  });
  const self: BlockscoutDouble = Object.assign(http, {
    baseUrl: `${http.origin}/4663`,
    paths: [],
    failNext: [],
    stall: undefined,
  });
  ref.self = self;
  return self;
}
