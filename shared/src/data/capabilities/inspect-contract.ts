// Composite: a contract's bytecode (pinned to the head block), the explorer's address record
// and its verified source and ABI.
import type { CompositeResult } from '../../contract/result-schema.js';
import { compositeResult } from '../result.js';
import type { RunCapability } from './inspect-transaction.js';

export async function inspectContract(
  run: RunCapability,
  params: { address: string },
): Promise<CompositeResult> {
  const [code, address, source] = await Promise.all([
    run('onchain.code', params),
    run('explorer.address', params),
    run('explorer.contract', params),
  ]);
  return compositeResult({ code, address, source });
}
