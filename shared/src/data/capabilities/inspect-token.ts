// Composite: a token's metadata, its holders and its recent transfers.
import type { CompositeResult } from '../result-schema.js';
import { compositeResult } from '../result.js';
import type { RunCapability } from './inspect-transaction.js';

export async function inspectToken(run: RunCapability, params: { token: string }): Promise<CompositeResult> {
  const [metadata, holders, transfers] = await Promise.all([
    run('tokens.metadata', params),
    run('explorer.holders', params),
    run('explorer.tokenTransfers', params),
  ]);
  return compositeResult({ metadata, holders, transfers });
}
