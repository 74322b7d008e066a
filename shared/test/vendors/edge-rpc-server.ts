// Double of Goldsky Edge RPC, POST /standard/evm/4663?secret={key}
// (https://docs.goldsky.com/edge-rpc/platform/security). Without a secret: HTTP 402 with the
// x402 body eRPC builds, also base64 in PAYMENT-REQUIRED (erpc/erpc auth/strategy_x402.go;
// https://docs.goldsky.com/edge-rpc/capabilities/x402); a wrong key: 401 with -32016
// (https://docs.goldsky.com/edge-rpc/evm/error-codes).
import { startRpcDouble } from './json-rpc-double.js';

const paymentRequired = {
  x402Version: 2,
  error: 'Payment required for this resource',
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:8453',
      maxAmountRequired: '5',
      amount: '5',
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      payTo: '0x0000000000000000000000000000000000000000',
      maxTimeoutSeconds: 300,
      extra: {},
    },
  ],
};

export function startEdgeRpcServer(key: string) {
  return startRpcDouble({
    path: '/standard/evm/4663?secret={key}',
    authorize: (_req, url) => {
      const secret = url.searchParams.get('secret') ?? url.searchParams.get('key');
      if (!secret)
        return {
          status: 402,
          body: paymentRequired,
          headers: { 'payment-required': Buffer.from(JSON.stringify(paymentRequired)).toString('base64') },
        };
      if (secret !== key)
        return {
          status: 401,
          body: { jsonrpc: '2.0', id: 1, error: { code: -32016, message: 'unauthorized' } },
        };
      return undefined;
    },
  });
}
