// The wallet's pure rules (docs/public-api.md, GET /v1/wallet/:address): the token balances and
// transfers of the data layer read into one shape whichever provider served them (the primary RPC
// sends bare contracts and raw amounts; the explorer sends its own records with the token's
// metadata), amounts in whole tokens from the decimals, and a USD value only from a listed price:
// a holding without a price or without decimals has no value, never 0.
import type { WalletTransfer } from '@pkg/shared';
import { definedFields } from './defined-fields.js';

/** A holding as read from the balances source, before any look-up. */
export interface RawHolding {
  token: string;
  balance: string;
  name?: string;
  symbol?: string;
  decimals?: number;
  tokenId?: string;
  /** ERC-20, ERC-721 … when the source says. */
  type?: string;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null ? (v as Rec) : {});
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== ''
    ? v
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : undefined;
/** Decimals as a small non-negative integer (a number or a decimal string); anything else is unknown. */
export function decimalsOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 255 ? n : undefined;
}
const integer = (v: unknown): string | undefined => {
  const t = text(v);
  return t !== undefined && /^\d+$/.test(t) ? t : undefined;
};

/** The holdings of a tokens.balances answer (`{ balances: [{ contract, balance, … }] }`). */
export function holdingsOf(data: unknown): { holdings: RawHolding[]; truncated: boolean } {
  const d = rec(data);
  const list = Array.isArray(d.balances) ? d.balances : [];
  const holdings: RawHolding[] = [];
  for (const raw of list) {
    const b = rec(raw);
    const token = text(b.contract) ?? text(b.address);
    const balance = integer(b.balance);
    if (token === undefined || balance === undefined) continue;
    holdings.push({
      token,
      balance,
      ...definedFields({
        name: text(b.name),
        symbol: text(b.symbol),
        decimals: decimalsOf(b.decimals),
        tokenId: text(b.tokenId),
        type: text(b.type),
      }),
    });
  }
  return { holdings, truncated: d.truncated === true };
}

/** A non-fungible holding has no unit price. */
export const isFungible = (h: Pick<RawHolding, 'tokenId' | 'type'>): boolean =>
  h.tokenId === undefined && (h.type === undefined || h.type === 'ERC-20');

/** The balance in whole tokens (exact decimal string), when the decimals are known. */
export function amountOf(balance: string | undefined, decimals: number | undefined): string | undefined {
  if (balance === undefined || decimals === undefined || !/^\d+$/.test(balance)) return undefined;
  const digits = BigInt(balance)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** amount × price in USD, when both are readable numbers; else absent (never 0 for "unknown"). */
export function valueOf(amount: string | undefined, priceUsd: string | undefined): number | undefined {
  if (amount === undefined || priceUsd === undefined) return undefined;
  const value = Number(amount) * Number(priceUsd);
  return Number.isFinite(value) ? value : undefined;
}

function direction(wallet: string, from?: string, to?: string): WalletTransfer['direction'] {
  const w = wallet.toLowerCase();
  const out = from?.toLowerCase() === w;
  const into = to?.toLowerCase() === w;
  return out && into ? 'self' : out ? 'out' : into ? 'in' : undefined;
}

function transfer(fields: Record<string, string | undefined>, wallet: string): WalletTransfer {
  const entries = Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined);
  const t = Object.fromEntries(entries) as WalletTransfer;
  const dir = direction(wallet, fields.from, fields.to);
  return dir ? { ...t, direction: dir } : t;
}

/** One transfer of the primary RPC (`{ hash, blockNumber, from, to, category, asset, contract, rawValue, decimals, … }`). */
function rpcTransfer(raw: unknown, wallet: string): WalletTransfer | undefined {
  const t = rec(raw);
  const hash = text(t.hash);
  if (hash === undefined) return undefined;
  const value = integer(t.rawValue);
  return transfer(
    {
      hash,
      blockNumber: text(t.blockNumber),
      timestamp: text(t.timestamp),
      from: text(t.from),
      to: text(t.to),
      token: text(t.contract),
      symbol: text(t.asset),
      value,
      amount: amountOf(value, decimalsOf(t.decimals)),
      tokenId: text(t.tokenId),
      kind: text(t.category),
    },
    wallet,
  );
}

/** One token transfer of the explorer (`{ transaction_hash, block_number, from: {hash}, token, total, … }`). */
function explorerTransfer(raw: unknown, wallet: string): WalletTransfer | undefined {
  const t = rec(raw);
  const hash = text(t.transaction_hash) ?? text(t.tx_hash);
  if (hash === undefined) return undefined;
  const token = rec(t.token);
  const total = rec(t.total);
  const value = integer(total.value);
  return transfer(
    {
      hash,
      blockNumber: text(t.block_number),
      timestamp: text(t.timestamp),
      from: text(rec(t.from).hash),
      to: text(rec(t.to).hash),
      token: text(token.address_hash) ?? text(token.address),
      symbol: text(token.symbol),
      value,
      amount: amountOf(value, decimalsOf(total.decimals) ?? decimalsOf(token.decimals)),
      tokenId: text(total.token_id),
      kind: text(t.token_type),
    },
    wallet,
  );
}

/**
 * The most recent transfers of a tokens.transfers answer, newest first as the source sent them:
 * the primary RPC's `{ transfers }` or the explorer's page `{ items, nextPage }`.
 */
export function transfersOf(
  data: unknown,
  wallet: string,
  limit: number,
): { transfers: WalletTransfer[]; more: boolean } {
  const d = rec(data);
  const fromRpc = Array.isArray(d.transfers);
  const list: unknown[] = fromRpc ? (d.transfers as unknown[]) : Array.isArray(d.items) ? d.items : [];
  const read = list
    .map((t) => (fromRpc ? rpcTransfer(t, wallet) : explorerTransfer(t, wallet)))
    .filter((t): t is WalletTransfer => t !== undefined);
  return { transfers: read.slice(0, limit), more: read.length > limit || d.nextPage !== undefined };
}
