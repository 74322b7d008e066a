// Reading the project token for its summary (token.ts). The ERC-20 views (totalSupply(),
// decimals(), balanceOf(address)) are read by the data layer (readTokenSupply, readTokenBalances
// of @pkg/shared/data, encoded and decoded by viem); here their envelopes become the summary's
// `Read` values, beside the helpers that turn readings into sections. Decimal arithmetic is the
// data layer's too (parseDecimal, multiplyDecimals, formatDecimal, ratioToDecimal): exact, on
// integers, no floating point.
import { served } from './source-section.js';
import { toSection, type Section } from '@pkg/shared';
import {
  formatDecimal,
  ratioToDecimal,
  readTokenBalances,
  readTokenSupply,
  type CachedResult,
  type LiveResult,
  type ProjectTokenBalances,
  type ProjectTokenConfig,
  type ProjectTokenSupply,
} from '@pkg/shared/data';
import type { WebsiteDeps } from './website-deps.js';

type Run = WebsiteDeps['data']['run'];
type Address = ProjectTokenConfig['burnAddresses'][number];
export type Served = LiveResult | CachedResult;
export type Read<T> = { ok: true; value: T; reads: Served[] } | { ok: false; section: Section<never> };
export interface Supply {
  decimals: number;
  total: bigint;
}
export interface Balance {
  address: string;
  raw: bigint;
}

export const unavailable = (reason: string): Section<never> => ({
  status: 'UNAVAILABLE',
  code: 'CAPABILITY_UNAVAILABLE',
  reason,
});
export const providerError = (reason: string): Section<never> => ({
  status: 'ERROR',
  code: 'PROVIDER_ERROR',
  reason,
});

/** A panel built from several reads: CACHED when any was (with that read's provenance). */
export function fromReads<T>(reads: readonly Served[], data: T): Section<T> {
  const base = reads.find((r) => r.status === 'CACHED') ?? reads[0];
  if (!base) throw new Error('fromReads: no read');
  return { status: base.status, data, provenance: base.provenance };
}

/** The members that are defined (a member no source gave is absent). */
export const present = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** A raw token amount in whole tokens, exact. */
export const amountOf = (raw: bigint, decimals: number) => formatDecimal({ n: raw, scale: decimals });
/** Percent of the total supply, to 6 significant digits; undefined without a supply. */
export const percentOf = (raw: bigint, total: bigint) =>
  total > 0n ? ratioToDecimal(raw * 100n, total, 6) : undefined;

export async function readSupply(run: Run, token: Address): Promise<Read<Supply>> {
  const result = await readTokenSupply(run, token);
  if (!served(result)) return { ok: false, section: toSection<never>(result) };
  const { decimals, totalRaw } = result.data as ProjectTokenSupply;
  return { ok: true, value: { decimals, total: BigInt(totalRaw) }, reads: [result] };
}

/** No holder listed: no balance and no read (the panel names the variable). */
export async function readBalances(
  run: Run,
  token: Address,
  holders: readonly Address[],
): Promise<Read<Balance[]>> {
  if (holders.length === 0) return { ok: true, value: [], reads: [] };
  const result = await readTokenBalances(run, token, holders);
  if (!served(result)) return { ok: false, section: toSection<never>(result) };
  const { balances } = result.data as ProjectTokenBalances;
  return {
    ok: true,
    value: balances.map((b) => ({ address: b.address, raw: BigInt(b.raw) })),
    reads: [result],
  };
}

export const balanceRows = (balances: readonly Balance[], supply: Supply) =>
  balances.map((b) =>
    present({
      address: b.address,
      amount: amountOf(b.raw, supply.decimals),
      raw: b.raw.toString(),
      percentOfSupply: percentOf(b.raw, supply.total),
    }),
  );
