// A wallet's project-token balance for the holder pass and the holder's quota (docs/public-api.md,
// "Holder pass"): `balanceOf(address)` read on chain through the data layer, fresh on every read
// (never from the data layer's cache, so a holder who sold is counted as a visitor at their next
// question), with the token's decimals; a holder has at least HOLDER_PASS_THRESHOLD whole tokens.
import { RegistryError } from '@pkg/shared';
import {
  formatDecimal,
  readTokenBalances,
  readTokenSupply,
  type ProjectTokenBalances,
  type ProjectTokenSupply,
  type Result,
} from '@pkg/shared/data';
import type { AiDeps } from '../ai/ai-deps.js';

export type HolderBalance =
  | {
      ok: true;
      raw: bigint;
      /** Whole tokens, exact (a decimal string). */
      amount: string;
      isHolder: boolean;
    }
  | { ok: false; reason: string };

const served = (r: Result) => r.status === 'LIVE' || r.status === 'CACHED';
const reasonOf = (r: Result) =>
  r.status === 'ERROR' ? r.message : r.status === 'UNAVAILABLE' ? r.reason : r.status;

/** NOT_CONFIGURED when no project token is set (PROJECT_TOKEN_ADDRESS). */
export function projectTokenOf(deps: Pick<AiDeps, 'projectToken'>): `0x${string}` {
  const token = deps.projectToken.token;
  if (!token)
    throw new RegistryError(
      'NOT_CONFIGURED',
      'No project token is configured (PROJECT_TOKEN_ADDRESS), so no balance can be read for a holder pass.',
    );
  return token;
}

/** The balance read now; a failed read is `{ ok: false }`, never a throw (NOT_CONFIGURED aside). */
export async function readHolderBalance(
  deps: Pick<AiDeps, 'data' | 'projectToken' | 'threshold'>,
  address: `0x${string}`,
): Promise<HolderBalance> {
  const token = projectTokenOf(deps);
  const fresh = (name: string, params: Record<string, unknown>) =>
    deps.data.run(name, { ...params, fresh: true });
  const [balances, supply] = await Promise.all([
    readTokenBalances(fresh, token, [address]),
    readTokenSupply(deps.data.run, token),
  ]);
  if (!served(balances)) return { ok: false, reason: reasonOf(balances) };
  if (!served(supply)) return { ok: false, reason: reasonOf(supply) };
  const raw = BigInt((balances.data as ProjectTokenBalances).balances[0]?.raw ?? '0');
  const { decimals } = supply.data as ProjectTokenSupply;
  return {
    ok: true,
    raw,
    amount: formatDecimal({ n: raw, scale: decimals }),
    isHolder: raw >= deps.threshold * 10n ** BigInt(decimals),
  };
}
