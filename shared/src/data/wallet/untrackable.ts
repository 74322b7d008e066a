// Wallet-portfolio answers are about wallets. A contract or a system address (the precompiles and
// the rollup's system contracts, all below 0x10000, and the zero address) is reported UNAVAILABLE
// as untrackable, never as an empty wallet: system addresses without any request, contracts once
// the chain's RPC says the address holds code (docs/data-layer.md, "Security and wallets").
import { unavailableResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import type { RunCapability } from '../capabilities/inspect-transaction.js';

const SYSTEM_ADDRESS_LIMIT = 0x10000n;

export function isSystemAddress(address: string): boolean {
  return BigInt(address) < SYSTEM_ADDRESS_LIMIT;
}

/**
 * Answers a wallet capability through `proceed` (the router) unless the address is not a
 * wallet; `run` asks the chain whether the address holds code.
 */
export async function runWalletCapability(
  capability: string,
  params: Record<string, unknown>,
  context: { run: RunCapability; proceed: () => Promise<Result>; network: string; now: () => number },
): Promise<Result> {
  const address = typeof params.address === 'string' ? params.address : '';
  const untrackable = (reason: string, answers?: { provider: string; error: string }[]) =>
    unavailableResult({
      capability,
      provider: 'zerion',
      network: context.network,
      now: context.now(),
      reason: `untrackable: ${address} is ${reason}; wallet data covers wallets only`,
      answers,
    });
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) {
    if (isSystemAddress(address))
      return untrackable('a system address (zero address, precompile or rollup system contract)');
    const code = await context.run('onchain.code', { address });
    if ((code.status === 'LIVE' || code.status === 'CACHED') && isContract(code.data)) {
      return untrackable('a contract', [
        {
          provider: code.provenance.source,
          error: `holds ${String((code.data as { size?: number }).size)} bytes of code`,
        },
      ]);
    }
  }
  return context.proceed();
}

function isContract(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { isContract?: unknown }).isContract === true;
}
