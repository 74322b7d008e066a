// Double of Alchemy robinhood-mainnet, POST /v2/{key}. Payloads follow:
// - error reference https://docs.alchemy.com/reference/error-reference (401 -32600 "Must be authenticated!")
// - alchemy_getTokenBalances https://www.alchemy.com/docs/data/token-api/token-api-endpoints/alchemy-get-token-balances
// - alchemy_getTokenMetadata alchemyplatform/docs src/openrpc/alchemy/token-api/token-api.yaml
// - alchemy_getAssetTransfers alchemyplatform/docs src/openrpc/alchemy/transfers/transfers.yaml
// - free-tier refusal of debug_traceTransaction as recorded in the vendor's documentation
import { numberToHex, pad } from 'viem';
import { HEAD, ROUTER, TOKEN, TX, WALLET } from './chain-fixtures.js';
import { RpcError, startRpcDouble } from './json-rpc-double.js';

/**
 * A wallet whose balances also hold the token the market doubles price (`0x2222…`: CoinGecko's
 * CG_TOKEN, GeckoTerminal's GT.token), 2,500,000 EXM of 18 decimals, beside 1 USDG.
 */
export const PRICED_HOLDER = `0x${'7'.repeat(40)}`;
const EXM = `0x${'2'.repeat(40)}`;

export function startAlchemyServer(key: string) {
  return startRpcDouble({
    path: `/v2/${key}`,
    authorize: (_req, url) =>
      url.pathname === `/v2/${key}`
        ? undefined
        : {
            status: 401,
            body: { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Must be authenticated!' } },
          },
    methods: () => ({
      alchemy_getTokenBalances: ([address]) => ({
        address,
        tokenBalances: [
          {
            contractAddress: TOKEN,
            tokenBalance: '0x00000000000000000000000000000000000000000000000000000000000f4240',
            error: null,
          },
          { contractAddress: ROUTER, tokenBalance: `0x${'0'.repeat(64)}`, error: null },
          ...(String(address).toLowerCase() === PRICED_HOLDER
            ? [{ contractAddress: EXM, tokenBalance: pad(numberToHex(2_500_000n * 10n ** 18n)), error: null }]
            : []),
        ],
      }),
      alchemy_getTokenMetadata: ([token]) =>
        String(token).toLowerCase() === TOKEN
          ? { name: 'Global Dollar', symbol: 'USDG', decimals: 6, logo: null }
          : String(token).toLowerCase() === EXM
            ? { name: 'Example', symbol: 'EXM', decimals: 18, logo: null }
            : { name: null, symbol: null, decimals: null, logo: null },
      alchemy_getAssetTransfers: ([filter]) => ({
        transfers: (filter as { fromAddress?: string }).fromAddress
          ? [
              {
                blockNum: numberToHex(HEAD),
                uniqueId: `${TX}:log:5`,
                hash: TX,
                from: WALLET,
                to: ROUTER,
                value: 1.5,
                asset: 'USDG',
                category: 'erc20',
                erc721TokenId: null,
                erc1155Metadata: null,
                tokenId: null,
                rawContract: { value: '0x16e360', address: TOKEN, decimal: '0x6' },
                metadata: { blockTimestamp: '2026-09-03T04:02:11.000Z' },
              },
            ]
          : [],
      }),
      debug_traceTransaction: () => {
        throw new RpcError(
          -32600,
          'debug_traceTransaction is not available on the Free tier - upgrade to Pay As You Go, or Enterprise for access.',
          400,
        );
      },
    }),
  });
}
