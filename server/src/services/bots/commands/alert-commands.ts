// /alert, /whales, /burns, /radar, /alerts, /alertoff (docs/bots.md, "Alerts"): per-chat alerts,
// Telegram only. Arguments are checked first: a bad one gets exactly the command's usage line,
// and nothing is read or written. A chat has at most BOT_ALERTS_PER_CHAT alerts (the store's
// unique slot index holds the limit even for concurrent adds). A price level is in US dollars,
// as the website shows the price, unless a unit follows it: `USD` or `$`, or the pool's quote
// token by its symbol (the unit the chain pool gives). A symbol is known only once the pool is
// read: one that is not the quote token's gets the usage line too, and nothing is written. An
// alert already satisfied is refused, and so is a USD alert while there is no USD price.
import { formatPrice, formatUsdPrice } from '@pkg/shared';
import { readHead } from '@pkg/shared/data';
import { z } from 'zod';
import { BOT_ALERTS_PER_CHAT, type BotAlertKind, type BotPriceUnit } from '../../../db/models/bot-alert.js';
import { addAlert, listAlerts, removeChat, removeNth, type StoredAlert } from '../alerts/alert-store.js';
import { freshRun, usd } from '../alerts/check-common.js';
import { priceRuleHolds } from '../alerts/price-check.js';
import { readPriceReadings, readingIn } from '../alerts/price-readings.js';
import type { BotDeps } from '../bot-deps.js';
import type { BotReply, CommandInput } from '../types.js';
import { BOT_COMMANDS, usageLine, type BotCommandRow } from './command-table.js';

/** A positive decimal: digits, an optional fraction; no sign, exponent, NaN, Infinity or comma. */
const amount = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,18})?$/)
  .refine((s) => /[1-9]/.test(s), 'above 0')
  .transform((s) => {
    const [int = '0', frac] = s.split('.');
    const i = int.replace(/^0+(?=\d)/, '');
    const f = frac?.replace(/0+$/, '');
    return f ? `${i}.${f}` : i;
  });

const words = (args: string) => args.trim().split(/\s+/).filter(Boolean);

/** The unit a level is written in: US dollars, or a token symbol to match with the pool's. */
type LevelUnit = { kind: 'usd' } | { kind: 'symbol'; symbol: string };
const USD: LevelUnit = { kind: 'usd' };

/** `$0.005`: a dollar sign before the amount. */
const dollarAmount = z
  .string()
  .regex(/^\$/)
  .transform((s) => s.slice(1))
  .pipe(amount);

/** `USD` or `$`, or a token symbol: letters, digits, `.` and `-`, with a letter at least. */
const unitWord = z.union([
  z
    .string()
    .regex(/^(usd|\$)$/i)
    .transform((): LevelUnit => USD),
  z
    .string()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9.-]{1,42}$/)
    .transform((symbol): LevelUnit => ({ kind: 'symbol', symbol })),
]);

const side = z.enum(['above', 'below']);
const priceArgs = z.union([
  z.tuple([side, amount]).transform(([s, level]) => ({ side: s, level, unit: USD })),
  z.tuple([side, dollarAmount]).transform(([s, level]) => ({ side: s, level, unit: USD })),
  z.tuple([side, amount, unitWord]).transform(([s, level, unit]) => ({ side: s, level, unit })),
]);
type PriceArgs = z.infer<typeof priceArgs>;

const argSchemas = {
  alert: priceArgs,
  whales: z.tuple([z.literal('on'), amount]),
  burns: z.tuple([z.literal('on')]),
  radar: z.tuple([z.literal('on'), amount]),
  alerts: z.tuple([]),
  alertoff: z.tuple([z.string().regex(/^(all|[1-9]|10)$/)]),
} as const;

type AlertCommand = keyof typeof argSchemas;
const isAlertCommand = (name: string): name is AlertCommand => Object.hasOwn(argSchemas, name);

const rowOf = (name: string) => BOT_COMMANDS.find((c) => c.name === name) as BotCommandRow;
const line = (text: string): BotReply => ({ text });

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

async function setPriceAlert(deps: BotDeps, input: CommandInput, args: PriceArgs, usage: BotReply) {
  if (await chatIsFull(deps, input.chat.chat)) return line(FULL);
  const now = deps.clock();
  const readings = await readPriceReadings(deps);
  if (!readings.ok) return line(`The pool price is unavailable (${readings.reason}): no alert set.`);
  const quote = readings.quoteSymbol;
  let unit: BotPriceUnit = 'usd';
  if (args.unit.kind === 'symbol') {
    if (args.unit.symbol.toLowerCase() !== quote.toLowerCase()) return usage;
    unit = 'quote';
  }
  const reading = readingIn(readings, unit);
  if (!reading)
    return line(
      `A USD alert cannot be set now: ${quote} has no USD price (${readings.usdMissing}). A level in ${quote} can: /alert ${args.side} <price> ${quote}`,
    );
  const kind = args.side === 'above' ? 'price_above' : 'price_below';
  const { level, side: word } = args;
  const shown = reading.show(reading.price);
  if (priceRuleHolds(kind, reading.price, level))
    return line(`The price is already ${shown}, ${word} ${reading.show(level)}: no alert set.`);
  const added = await addAlert(deps.models, input.chat, { kind, params: { level, unit }, createdAt: now });
  if (!added.ok) return line(FULL);
  const n = await numberOf(deps, input.chat.chat, added.alert.id);
  return line(
    `Alert ${n} set: when the price is at or ${word} ${reading.show(level)} (now ${shown}, ${reading.source}). Sent once, then removed.`,
  );
}

async function setBlockAlert(deps: BotDeps, input: CommandInput, kind: 'whales' | 'burns', usdMin?: string) {
  if (await chatIsFull(deps, input.chat.chat)) return line(FULL);
  const now = deps.clock();
  const head = await readHead(freshRun(deps));
  const sinceBlock = head.ok ? (head.head + 1n).toString() : undefined;
  const added = await addAlert(deps.models, input.chat, {
    kind,
    params: usdMin !== undefined ? { usdMin } : {},
    ...(sinceBlock !== undefined ? { sinceBlock } : {}),
    createdAt: now,
  });
  if (!added.ok) return line(FULL);
  const n = await numberOf(deps, input.chat.chat, added.alert.id);
  const from = sinceBlock !== undefined ? ` from block ${sinceBlock} on` : '';
  return line(
    kind === 'whales'
      ? `Alert ${n} set: project-token trades of at least ${usd(usdMin ?? '0')}${from} (valued at the quote token's USD price; trades without one are skipped).`
      : `Alert ${n} set: every new project-token burn${from}.`,
  );
}

async function setRadarAlert(deps: BotDeps, input: CommandInput, liquidityMin: string) {
  const added = await addAlert(deps.models, input.chat, {
    kind: 'radar',
    params: { liquidityMin },
    createdAt: deps.clock(),
  });
  if (!added.ok) return line(FULL);
  const n = await numberOf(deps, input.chat.chat, added.alert.id);
  return line(`Alert ${n} set: new tokens with at least ${usd(liquidityMin)} liquidity, at most 3 a check.`);
}

async function listReply(deps: BotDeps, chat: string) {
  const alerts = await listAlerts(deps.models, chat);
  if (alerts.length === 0) return line('This chat has no alerts.');
  return line(alerts.map((a, i) => `${i + 1}. ${describe(a)}`).join('\n'));
}

async function alertOff(deps: BotDeps, chat: string, which: string) {
  if (which === 'all') {
    const removed = await removeChat(deps.models, chat);
    return line(removed === 1 ? '1 alert removed.' : `${removed} alerts removed.`);
  }
  const n = Number(which);
  const removed = await removeNth(deps.models, chat, n);
  if (!removed) return line(`No alert ${n} in this chat: see /alerts.`);
  return line(`Alert ${n} removed (${describe(removed)}).`);
}

export async function runAlertCommand(deps: BotDeps, input: CommandInput): Promise<BotReply> {
  const name = input.name;
  if (!isAlertCommand(name)) throw new Error(`not an alert command: ${name}`);
  const usage = line(usageLine(rowOf(name), deps.settings.coinCommand));
  if (input.chat.platform !== 'telegram') return line('Alerts are set in the Telegram bot.');
  const parts = words(input.args);
  switch (name) {
    case 'alert': {
      const parsed = argSchemas.alert.safeParse([parts[0]?.toLowerCase(), ...parts.slice(1)]);
      return parsed.success ? setPriceAlert(deps, input, parsed.data, usage) : usage;
    }
    case 'whales': {
      const parsed = argSchemas.whales.safeParse(parts);
      return parsed.success ? setBlockAlert(deps, input, 'whales', parsed.data[1]) : usage;
    }
    case 'burns':
      return argSchemas.burns.safeParse(parts).success ? setBlockAlert(deps, input, 'burns') : usage;
    case 'radar': {
      const parsed = argSchemas.radar.safeParse(parts);
      return parsed.success ? setRadarAlert(deps, input, parsed.data[1]) : usage;
    }
    case 'alerts':
      return argSchemas.alerts.safeParse(parts).success ? listReply(deps, input.chat.chat) : usage;
    case 'alertoff': {
      const parsed = argSchemas.alertoff.safeParse(parts);
      return parsed.success ? alertOff(deps, input.chat.chat, parsed.data[0]) : usage;
    }
  }
}
