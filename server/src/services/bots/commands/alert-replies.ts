// The answers of /alert, /whales, /burns, /radar, /alerts and /alertoff (docs/bots.md, "Alerts (Telegram)"),
// with their arguments already checked by the rows of command-table.ts. A chat has at most
// BOT_ALERTS_PER_CHAT alerts (the store's unique slot index holds the limit even for concurrent
// adds). A price level is in US dollars, as the website shows the price, unless a unit follows
// it: `USD` or `$`, or the pool's quote token by its symbol (the unit the chain pool gives). A
// symbol is known only once the pool is read: one that is not the quote token's gets the usage
// line too (the answer is undefined), and nothing is written. An alert already satisfied is
// refused, and so is a USD alert while there is no USD price.
import { formatPrice, formatUsdPrice } from '@pkg/shared';
import { readHead } from '@pkg/shared/data';
import { BOT_ALERTS_PER_CHAT, type BotAlertKind, type BotPriceUnit } from '../../../db/models/bot-alert.js';
import { addAlert, listAlerts, removeChat, removeNth, type StoredAlert } from '../alerts/alert-store.js';
import { freshRun, usd } from '../alerts/check-common.js';
import { priceRuleHolds } from '../alerts/price-check.js';
import { readPriceReadings, readingIn } from '../alerts/price-readings.js';
import type { BotDeps } from '../bot-deps.js';
import type { CommandInput } from '../types.js';
import type { PriceArgs } from './command-args.js';

const FULL = `This chat has ${BOT_ALERTS_PER_CHAT} alerts, the most it can have: remove one with /alertoff <n> first.`;

/** A stored level in its unit: `$0.005`, or `0.0000018 (pool quote token)`. */
function levelOf(alert: StoredAlert): string {
  const level = alert.params.level ?? '?';
  return alert.params.unit === 'usd' ? formatUsdPrice(level) : `${formatPrice(level)} (pool quote token)`;
}

function describe(alert: StoredAlert): string {
  const p = alert.params;
  const kinds: Record<BotAlertKind, string> = {
    price_above: `price at or above ${levelOf(alert)}`,
    price_below: `price at or below ${levelOf(alert)}`,
    whales: `whale trades of at least ${usd(p.usdMin ?? '0')}`,
    burns: 'burns',
    radar: `new tokens with at least ${usd(p.liquidityMin ?? '0')} liquidity`,
  };
  return kinds[alert.kind];
}

async function numberOf(deps: BotDeps, chat: string, id: string): Promise<number> {
  return (await listAlerts(deps.models, chat)).findIndex((a) => a.id === id) + 1;
}

async function chatIsFull(deps: BotDeps, chat: string): Promise<boolean> {
  return (await deps.models.BotAlert.countDocuments({ chat })) >= BOT_ALERTS_PER_CHAT;
}

export async function setPriceAlert(
  deps: BotDeps,
  input: CommandInput,
  args: PriceArgs,
): Promise<string | undefined> {
  if (await chatIsFull(deps, input.chat.chat)) return FULL;
  const now = deps.clock();
  const readings = await readPriceReadings(deps);
  if (!readings.ok) return `The pool price is unavailable (${readings.reason}): no alert set.`;
  const quote = readings.quoteSymbol;
  let unit: BotPriceUnit = 'usd';
  if (args.unit.kind === 'symbol') {
    if (args.unit.symbol.toLowerCase() !== quote.toLowerCase()) return undefined;
    unit = 'quote';
  }
  const reading = readingIn(readings, unit);
  if (!reading)
    return `A USD alert cannot be set now: ${quote} has no USD price (${readings.usdMissing}). A level in ${quote} can: /alert ${args.side} <price> ${quote}`;
  const kind = args.side === 'above' ? 'price_above' : 'price_below';
  const { level, side: word } = args;
  const shown = reading.show(reading.price);
  if (priceRuleHolds(kind, reading.price, level))
    return `The price is already ${shown}, ${word} ${reading.show(level)}: no alert set.`;
  const added = await addAlert(deps.models, input.chat, { kind, params: { level, unit }, createdAt: now });
  if (!added.ok) return FULL;
  const n = await numberOf(deps, input.chat.chat, added.alert.id);
  return `Alert ${n} set: when the price is at or ${word} ${reading.show(level)} (now ${shown}, ${reading.source}). Sent once, then removed.`;
}

/** Adds a whale or burn alert that starts after the chain's head: its number and from where. */
async function addBlockAlert(
  deps: BotDeps,
  input: CommandInput,
  kind: 'whales' | 'burns',
  params: { usdMin?: string },
): Promise<{ n: number; from: string } | undefined> {
  if (await chatIsFull(deps, input.chat.chat)) return undefined;
  const now = deps.clock();
  const head = await readHead(freshRun(deps));
  const sinceBlock = head.ok ? (head.head + 1n).toString() : undefined;
  const added = await addAlert(deps.models, input.chat, {
    kind,
    params,
    ...(sinceBlock !== undefined ? { sinceBlock } : {}),
    createdAt: now,
  });
  if (!added.ok) return undefined;
  const n = await numberOf(deps, input.chat.chat, added.alert.id);
  return { n, from: sinceBlock !== undefined ? ` from block ${sinceBlock} on` : '' };
}

export async function setWhalesAlert(deps: BotDeps, input: CommandInput, usdMin: string): Promise<string> {
  const added = await addBlockAlert(deps, input, 'whales', { usdMin });
  if (!added) return FULL;
  return `Alert ${added.n} set: project-token trades of at least ${usd(usdMin)}${added.from} (valued at the quote token's USD price; trades without one are skipped).`;
}

export async function setBurnsAlert(deps: BotDeps, input: CommandInput): Promise<string> {
  const added = await addBlockAlert(deps, input, 'burns', {});
  if (!added) return FULL;
  return `Alert ${added.n} set: every new project-token burn${added.from}.`;
}

export async function setRadarAlert(
  deps: BotDeps,
  input: CommandInput,
  liquidityMin: string,
): Promise<string> {
  const added = await addAlert(deps.models, input.chat, {
    kind: 'radar',
    params: { liquidityMin },
    createdAt: deps.clock(),
  });
  if (!added.ok) return FULL;
  const n = await numberOf(deps, input.chat.chat, added.alert.id);
  return `Alert ${n} set: new tokens with at least ${usd(liquidityMin)} liquidity, at most 3 a check.`;
}

export async function listReply(deps: BotDeps, chat: string): Promise<string> {
  const alerts = await listAlerts(deps.models, chat);
  if (alerts.length === 0) return 'This chat has no alerts.';
  return alerts.map((a, i) => `${i + 1}. ${describe(a)}`).join('\n');
}

export async function alertOff(deps: BotDeps, chat: string, which: string): Promise<string> {
  if (which === 'all') {
    const removed = await removeChat(deps.models, chat);
    return removed === 1 ? '1 alert removed.' : `${removed} alerts removed.`;
  }
  const n = Number(which);
  const removed = await removeNth(deps.models, chat, n);
  if (!removed) return `No alert ${n} in this chat: see /alerts.`;
  return `Alert ${n} removed (${describe(removed)}).`;
}
