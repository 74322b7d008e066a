// Double of the official public RPC https://rpc.mainnet.chain.robinhood.com
// (https://docs.robinhood.com/chain/connecting/; behaviour per the vendor's documentation): keyless;
// its rate-limit shapes (429 JSON without `id`, 429 with a string `error`) and the HTML
// interstitial served with HTTP 200 are available as replies below.
import { startRpcDouble, type Reply } from './json-rpc-double.js';

export const publicRpcReplies = {
  rateLimited: { status: 429, body: { jsonrpc: '2.0', error: { code: 429, message: 'Too Many Requests' } } },
  rateLimitedString: { status: 429, body: { jsonrpc: '2.0', error: 'Too Many Requests' } },
  interstitial: { status: 200, body: null, raw: '<!DOCTYPE html><title>Just a moment...</title>' },
  serverError: { status: 503, body: null, raw: 'Service Unavailable' },
} satisfies Record<string, Reply>;

export function startPublicRpcServer() {
  return startRpcDouble({ path: '/', authorize: () => undefined });
}
