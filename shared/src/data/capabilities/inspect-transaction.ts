// Composite: a transaction with its receipt, its call trace and the explorer's view.
import type { CompositeResult, Result } from '../../contract/result-schema.js';
import { compositeResult } from '../result.js';

export type RunCapability = (
  name: string,
  params: Record<string, unknown>,
  options?: { provider?: string },
) => Promise<Result>;

export async function inspectTransaction(
  run: RunCapability,
  params: { hash: string },
): Promise<CompositeResult> {
  const [transaction, receipt, trace, explorer] = await Promise.all([
    run('onchain.transaction', params),
    run('onchain.receipt', params),
    run('onchain.trace', params),
    run('explorer.transaction', params),
  ]);
  return compositeResult({ transaction, receipt, trace, explorer });
}
