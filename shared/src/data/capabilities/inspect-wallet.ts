// Composite: a wallet's ETH balance and nonce (pinned to the head block), token balances,
// token transfers, the explorer's counters, its portfolio and positions (wallet-portfolio
// provider) and whether the address is flagged (security-flag provider). Each section keeps its
// own status and provenance: one failing source never blanks the others.
import type { CompositeResult } from '../../contract/result-schema.js';
import { compositeResult } from '../result.js';
import type { RunCapability } from './inspect-transaction.js';

export async function inspectWallet(
  run: RunCapability,
  params: { address: string },
): Promise<CompositeResult> {
  const [balance, nonce, tokens, transfers, counters, portfolio, positions, security] = await Promise.all([
    run('onchain.balance', params),
    run('onchain.nonce', params),
    run('tokens.balances', params),
    run('tokens.transfers', params),
    run('explorer.counters', params),
    run('wallet.portfolio', params),
    run('wallet.positions', params),
    run('security.address', params),
  ]);
  return compositeResult({ balance, nonce, tokens, transfers, counters, portfolio, positions, security });
}
