// The project token's configuration: the token, the pool read on chain for its live price and
// swaps (a Uniswap v2 pair or v3 pool address, or a Uniswap v4 pool id), the v4 PoolManager and
// StateView, the dev wallets and the burn addresses. The server reads the variables (they are not
// in the data layer's env set) and parses them with `projectTokenConfigSchema`. Nothing is
// assumed: an unset token or pool makes every token answer UNAVAILABLE naming the variable
// (`projectTokenUnavailable`).
import { getAddress, type Address, type Hex } from 'viem';
import * as z from 'zod';
import { unavailableResult } from '../result.js';
import type { UnavailableResult } from '../../contract/result-schema.js';

/** The default burn addresses: the zero address and 0x…dEaD. */
export const DEFAULT_BURN_ADDRESSES: readonly Address[] = [
  '0x0000000000000000000000000000000000000000',
  '0x000000000000000000000000000000000000dEaD',
];

/** The pool: a v2 pair or v3 pool (an address; which one is read on chain), or a v4 pool id. */
export type ProjectTokenPool = { kind: 'address'; address: Address } | { kind: 'v4'; id: Hex };

export interface ProjectTokenConfig {
  /** PROJECT_TOKEN_ADDRESS (checksummed). */
  token?: Address | undefined;
  /** PROJECT_TOKEN_POOL. */
  pool?: ProjectTokenPool | undefined;
  /** UNISWAP_V4_POOL_MANAGER: the Initialize and Swap events of a v4 pool. */
  poolManager?: Address | undefined;
  /** UNISWAP_V4_STATE_VIEW: `getSlot0` and `getLiquidity` of a v4 pool. */
  stateView?: Address | undefined;
  /** PROJECT_DEV_WALLETS (none when unset). */
  devWallets: Address[];
  /** PROJECT_BURN_ADDRESSES (default the zero address and 0x…dEaD). */
  burnAddresses: Address[];
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const POOL_ID = /^0x[0-9a-fA-F]{64}$/;

/** A blank value is an unset one. */
const trimmed = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};
/** Lower-cased first: a mixed-case value is accepted whatever its checksum, and re-checksummed. */
const checksummed = (value: string) => getAddress(value.toLowerCase());

const addressVar = z.preprocess(
  trimmed,
  z
    .string()
    .regex(ADDRESS, 'an address is 0x followed by 40 hex digits')
    .transform((v) => checksummed(v))
    .optional(),
);

const addressList = (fallback: readonly Address[]) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return [...fallback];
        const out = new Map<string, Address>();
        for (const item of value.split(',').map((s) => s.trim())) {
          if (item === '') continue;
          if (!ADDRESS.test(item)) {
            ctx.addIssue({
              code: 'custom',
              message: `${item} is not an address (0x followed by 40 hex digits)`,
            });
            return z.NEVER;
          }
          out.set(item.toLowerCase(), checksummed(item));
        }
        return [...out.values()];
      }),
  );

const poolVar = z.preprocess(
  trimmed,
  z
    .string()
    .refine(
      (v) => ADDRESS.test(v) || POOL_ID.test(v),
      'a pool is a v2 or v3 pool address (0x + 40 hex digits) or a v4 pool id (0x + 64 hex digits)',
    )
    .transform((v): ProjectTokenPool =>
      POOL_ID.test(v)
        ? { kind: 'v4', id: v.toLowerCase() as Hex }
        : { kind: 'address', address: checksummed(v) },
    )
    .optional(),
);

/**
 * The raw variables (strings, possibly blank or unset) → the typed configuration. Other members
 * of the object (a whole environment) are ignored.
 */
export const projectTokenConfigSchema = z
  .object({
    PROJECT_TOKEN_ADDRESS: addressVar,
    PROJECT_TOKEN_POOL: poolVar,
    UNISWAP_V4_POOL_MANAGER: addressVar,
    UNISWAP_V4_STATE_VIEW: addressVar,
    PROJECT_DEV_WALLETS: addressList([]),
    PROJECT_BURN_ADDRESSES: addressList(DEFAULT_BURN_ADDRESSES),
  })
  .transform((raw): ProjectTokenConfig => ({
    token: raw.PROJECT_TOKEN_ADDRESS,
    pool: raw.PROJECT_TOKEN_POOL,
    poolManager: raw.UNISWAP_V4_POOL_MANAGER,
    stateView: raw.UNISWAP_V4_STATE_VIEW,
    devWallets: raw.PROJECT_DEV_WALLETS,
    burnAddresses: raw.PROJECT_BURN_ADDRESSES,
  }));

/** What a reading needs: the pool's state (v4: both contracts) or its swaps (v4: the PoolManager). */
export type ProjectTokenReading = 'pool-state' | 'swaps';

/** The variables a reading is missing, in the order a user sets them (none: configured). */
export function missingVariables(config: ProjectTokenConfig, reading: ProjectTokenReading): string[] {
  const missing: string[] = [];
  if (!config.token) missing.push('PROJECT_TOKEN_ADDRESS');
  if (!config.pool) missing.push('PROJECT_TOKEN_POOL');
  if (config.pool?.kind === 'v4') {
    if (!config.poolManager) missing.push('UNISWAP_V4_POOL_MANAGER');
    if (!config.stateView && reading === 'pool-state') missing.push('UNISWAP_V4_STATE_VIEW');
  }
  return missing;
}

/** `not configured (PROJECT_TOKEN_ADDRESS)`: the reason of an UNAVAILABLE token answer. */
export const notConfigured = (variables: readonly string[]) => `not configured (${variables.join(', ')})`;

/** The UNAVAILABLE envelope of a reading that misses variables, or undefined when configured. */
export function projectTokenUnavailable(
  config: ProjectTokenConfig,
  reading: ProjectTokenReading,
  context: { capability: string; now: number },
): UnavailableResult | undefined {
  const missing = missingVariables(config, reading);
  if (missing.length === 0) return undefined;
  return unavailableResult({
    capability: context.capability,
    provider: 'none',
    network: 'robinhood',
    reason: notConfigured(missing),
    now: context.now,
  });
}
