// Double of a QuickNode robinhood-mainnet endpoint, POST /{token}/
// (https://www.quicknode.com/docs/robinhood; token in the path per
// https://www.quicknode.com/docs/stellar/endpoint-security). debug_traceTransaction with
// callTracer answers one call frame (https://www.quicknode.com/docs/ethereum/debug_traceTransaction);
// a bad token is 401 (status per https://www.quicknode.com/docs/ethereum/error-references;
// the body is unconfirmed, we answer `{"error":"Unauthorized"}` as one user note shows).
import { ROUTER, TX, WALLET } from './chain-fixtures.js';
import { RpcError, startRpcDouble } from './json-rpc-double.js';

export function startQuicknodeServer(token: string) {
  return startRpcDouble({
    path: `/${token}/`,
    authorize: (_req, url) =>
      url.pathname === `/${token}/` ? undefined : { status: 401, body: { error: 'Unauthorized' } },
    methods: () => ({
      debug_traceTransaction: ([hash]) => {
        if (hash !== TX) throw new RpcError(-32000, 'transaction not found');
        return {
          type: 'CALL',
          from: WALLET,
          to: ROUTER,
          value: '0x38d7ea4c68000',
          gas: '0x33b2f',
          gasUsed: '0x2b3a0',
          input: '0x3593564c',
          output: '0x',
          calls: [
            {
              type: 'CALL',
              from: ROUTER,
              to: '0x0bd7d308f8e1d8e0d5b5a1d1c5e4a3b2c1d0ad73',
              value: '0x38d7ea4c68000',
              gas: '0x2f1a0',
              gasUsed: '0x5a1e',
              input: '0xd0e30db0',
              output: '0x',
            },
          ],
        };
      },
    }),
  });
}
