// Composite: a wallet's ETH balance and nonce (pinned to the head block), token balances,
// token transfers and the explorer's counters.
import type { CompositeResult } from '../result-schema.js';
import { compositeResult } from '../result.js';
import type { RunCapability } from './inspect-transaction.js';

export async function inspectWallet(
  run: RunCapability,
  params: { address: string },
): Promise<CompositeResult> {
  const [balance, nonce, tokens, transfers, counters] = await Promise.all([
    run('onchain.balance', params),
    run('onchain.nonce', params),
    run('tokens.balances', params),
    run('tokens.transfers', params),
    run('explorer.counters', params),
  ]);
  return compositeResult({ balance, nonce, tokens, transfers, counters });
}
