// What the alert checks share (docs/bots.md, "Alerts (Telegram)"): reads that bypass the data layer's cache
// (its TTLs run on real time; a check must see the head it asks for), exact decimal comparison,
// and the few number formats of alert messages.
import type { BotAlertKind } from '../../../db/models/bot-alert.js';
import { parseDecimal, readHead, type readPoolState } from '@pkg/shared/data';
import type { BotDeps } from '../bot-deps.js';
import { whyNot } from '../../website/index.js';
import { alertsOfKind, type StoredAlert } from './alert-store.js';

/** Runs a capability with `fresh: true`. */
type RunCapability = Parameters<typeof readPoolState>[0];

export function freshRun(deps: BotDeps): RunCapability {
  return (name, params) => deps.data.run(name, { ...params, fresh: true });
}

/** -1, 0 or 1 as a < b, a = b, a > b (exact; both plain decimal strings). */
export function compareDecimals(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) throw new RangeError(`not decimals: ${a}, ${b}`);
  const scale = Math.max(x.scale, y.scale);
  const l = x.n * 10n ** BigInt(scale - x.scale);
  const r = y.n * 10n ** BigInt(scale - y.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** `1234567.891` → `1,234,567.891`. */
export function groupDigits(decimal: string): string {
  const [int = '0', frac] = decimal.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** A USD amount to the cent (rounded half up): `$2,399.10`. */
export function usd(decimal: string): string {
  const x = parseDecimal(decimal);
  if (!x) return `$${decimal}`;
  const divisor = x.scale >= 2 ? 10n ** BigInt(x.scale - 2) : 1n;
  const cents = x.scale >= 2 ? (x.n + divisor / 2n) / divisor : x.n * 10n ** BigInt(2 - x.scale);
  const text = cents.toString().padStart(3, '0');
  return `$${groupDigits(`${text.slice(0, -2)}.${text.slice(-2)}`)}`;
}

/** What a check did, logged as `bot check` and kept in its cursor. */
export interface CheckReport {
  from?: string;
  to?: string;
  sent: number;
  skipped: number;
  /** The next block to read (whales, burns). */
  nextBlock?: string;
}

/** The window a block check reads: from its cursor (at most MAX_BACK blocks back) to the head. */
export const MAX_BACK = 2_000n;

export function windowFrom(head: bigint, nextBlock: string | null | undefined): bigint {
  const floor = head - MAX_BACK + 1n > 0n ? head - MAX_BACK + 1n : 0n;
  const cursor = nextBlock ? BigInt(nextBlock) : floor;
  return cursor > floor ? cursor : floor;
}

/** A block check's start: its alerts, the head and the window from its cursor; or, when it has no
 * alerts or no new block, the report it ends with. */
export async function openBlockWindow(
  deps: BotDeps,
  cursor: { nextBlock: string | null },
  kind: BotAlertKind,
): Promise<
  | { done: CheckReport }
  | {
      done?: undefined;
      run: RunCapability;
      alerts: StoredAlert[];
      from: bigint;
      to: bigint;
      window: { from: string; to: string };
    }
> {
  const run = freshRun(deps);
  const alerts = await alertsOfKind(deps.models, [kind]);
  const head = await readHead(run);
  if (!head.ok) throw new Error(`head: ${whyNot(head.result)}`);
  const to = head.head;
  const from = windowFrom(to, cursor.nextBlock);
  const window = { from: from.toString(), to: to.toString() };
  if (alerts.length === 0 || from > to)
    return { done: { ...window, sent: 0, skipped: 0, nextBlock: (to + 1n).toString() } };
  return { run, alerts, from, to, window };
}

/** `0x1234…abcd`. */
export const shortHex = (hex: string) => (hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex);
