// Reading the project token for its summary (token.ts): ERC-20 views read on chain through
// `onchain.call` (totalSupply(), decimals(), balanceOf(address), encoded by hand: one selector and
// one 32-byte word each), exact decimal arithmetic on integers (no floating point), and the
// helpers that turn readings into sections.
import { toSection, type Section } from '@pkg/shared';
import { ratioToDecimal, type CachedResult, type LiveResult, type Result } from '@pkg/shared/data';
import type { WebsiteDeps } from './website-deps.js';

type Run = WebsiteDeps['data']['run'];
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

/** ERC-20 selectors: totalSupply(), decimals(), balanceOf(address). */
const CALL = { totalSupply: '0x18160ddd', decimals: '0x313ce567', balanceOf: '0x70a08231' } as const;

export const served = (r: Result): r is Served => r.status === 'LIVE' || r.status === 'CACHED';
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

/** A panel whose input failed: the input's status and code, its reason prefixed with the input. */
export function because(input: string, failed: Section): Section<never> {
  return {
    status: failed.status === 'ERROR' ? 'ERROR' : 'UNAVAILABLE',
    ...(failed.code ? { code: failed.code } : {}),
    reason: `${input}: ${failed.reason ?? 'no data'}`,
  };
}

/** A panel built from several reads: CACHED when any was (with that read's provenance). */
export function fromReads<T>(reads: readonly Served[], data: T): Section<T> {
  const base = reads.find((r) => r.status === 'CACHED') ?? reads[0];
  if (!base) throw new Error('fromReads: no read');
  return { status: base.status, data, provenance: base.provenance };
}

/** The members that are defined (a member no source gave is absent). */
export const present = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

// ---- exact decimals: an integer over a power of ten ----
export interface Scaled {
  n: bigint;
  scale: number;
}
export function scaled(text: string): Scaled | undefined {
  const m = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const [, whole = '', fraction = '', exponent = '0'] = m;
  const scale = fraction.length - Number(exponent);
  const n = BigInt(whole + fraction);
  return scale >= 0 ? { n, scale } : { n: n * 10n ** BigInt(-scale), scale: 0 };
}
/** An integer over 10^scale as a decimal string, exact. */
export const exact = ({ n, scale }: Scaled) =>
  ratioToDecimal(n, 10n ** BigInt(scale), n.toString().length + scale);
/** The product of decimals, exact to the data layer's 18 significant digits. */
export function product(...factors: Scaled[]): string {
  const n = factors.reduce((acc, f) => acc * f.n, 1n);
  return ratioToDecimal(n, 10n ** BigInt(factors.reduce((acc, f) => acc + f.scale, 0)));
}
export const percentOf = (raw: bigint, total: bigint) =>
  total > 0n ? ratioToDecimal(raw * 100n, total, 6) : undefined;

// ---- ERC-20 reads on chain ----
export async function readWord(run: Run, to: string, data: string, label: string): Promise<Read<bigint>> {
  const result = await run('onchain.call', { to, data });
  if (!served(result)) return { ok: false, section: toSection<never>(result) };
  const hex = (result.data as { result?: unknown } | null)?.result;
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hex))
    return {
      ok: false,
      section: providerError(
        `${label} on ${to}: ${hex === '0x' ? 'no answer (no such contract or function)' : 'not one 32-byte word'}`,
      ),
    };
  return { ok: true, value: BigInt(hex), reads: [result] };
}

export async function readSupply(run: Run, token: string): Promise<Read<Supply>> {
  const [total, decimals] = await Promise.all([
    readWord(run, token, CALL.totalSupply, 'totalSupply()'),
    readWord(run, token, CALL.decimals, 'decimals()'),
  ]);
  if (!total.ok) return total;
  if (!decimals.ok) return decimals;
  if (decimals.value > 255n)
    return { ok: false, section: providerError(`decimals() on ${token} is ${decimals.value}, not a uint8`) };
  return {
    ok: true,
    value: { decimals: Number(decimals.value), total: total.value },
    reads: [...total.reads, ...decimals.reads],
  };
}

export async function readBalances(
  run: Run,
  token: string,
  holders: readonly string[],
): Promise<Read<Balance[]>> {
  const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0');
  const answers = await Promise.all(
    holders.map((h) => readWord(run, token, `${CALL.balanceOf}${word(h)}`, 'balanceOf(address)')),
  );
  const value: Balance[] = [];
  const reads: Served[] = [];
  for (const [i, answer] of answers.entries()) {
    if (!answer.ok) return answer;
    value.push({ address: holders[i] ?? '', raw: answer.value });
    reads.push(...answer.reads);
  }
  return { ok: true, value, reads };
}

export const balanceRows = (balances: readonly Balance[], supply: Supply) =>
  balances.map((b) =>
    present({
      address: b.address,
      amount: exact({ n: b.raw, scale: supply.decimals }),
      raw: b.raw.toString(),
      percentOfSupply: percentOf(b.raw, supply.total),
    }),
  );
