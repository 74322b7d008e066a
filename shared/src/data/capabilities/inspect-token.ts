// Composite: a token's metadata, its holders and recent transfers, its market (pairs on the
// supported chain and its USD price) and its security report. Each section keeps its own status
// and provenance: one failing source never blanks the others.
import type { CompositeResult } from '../../contract/result-schema.js';
import { compositeResult } from '../result.js';
import type { RunCapability } from './inspect-transaction.js';

export async function inspectToken(run: RunCapability, params: { token: string }): Promise<CompositeResult> {
  const market = { address: params.token };
  const [metadata, holders, transfers, pairs, price, security] = await Promise.all([
    run('tokens.metadata', params),
    run('explorer.holders', params),
    run('explorer.tokenTransfers', params),
    run('market.token_pairs', market),
    run('market.tokenPrice', market),
    run('security.token', { address: params.token }),
  ]);
  return compositeResult({ metadata, holders, transfers, pairs, price, security });
}
