// /alert, /whales, /burns, /radar, /alerts, /alertoff (docs/bots.md, "Alerts"): per-chat alerts,
// Telegram only. Arguments are checked first: a bad one gets exactly the command's usage line,
// and nothing is read or written. A chat has at most BOT_ALERTS_PER_CHAT alerts (the store's
// unique slot index holds the limit even for concurrent adds). Price levels are in the pool's
// quote token (the unit the chain pool gives); an alert already satisfied is refused.
import { readHead, readPoolState, type ProjectTokenPoolState } from '@pkg/shared/data';
import { z } from 'zod';
import { BOT_ALERTS_PER_CHAT, type BotAlertKind } from '../../../db/models/bot-alert.js';
import { served, whyNot } from '../../website/source-section.js';
import { addAlert, listAlerts, removeChat, removeNth, type StoredAlert } from '../alerts/alert-store.js';
import { freshRun, groupDigits, usd } from '../alerts/check-common.js';
import { priceRuleHolds } from '../alerts/price-check.js';
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

const argSchemas = {
  alert: z.tuple([z.enum(['above', 'below']), amount]),
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

function describe(alert: StoredAlert): string {
  const p = alert.params;
  const kinds: Record<BotAlertKind, string> = {
    price_above: `price at or above ${groupDigits(p.level ?? '?')} (pool quote token)`,
    price_below: `price at or below ${groupDigits(p.level ?? '?')} (pool quote token)`,
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

async function setPriceAlert(deps: BotDeps, input: CommandInput, side: 'above' | 'below', level: string) {
  if (await chatIsFull(deps, input.chat.chat)) return line(FULL);
  const now = deps.clock();
  const pool = await readPoolState(freshRun(deps), deps.projectToken, { now: () => now.getTime() });
  if (!served(pool)) return line(`The pool price is unavailable (${whyNot(pool)}): no alert set.`);
  const state = pool.data as ProjectTokenPoolState;
  if (state.priceInQuote === undefined)
    return line('The pool holds nothing, so it has no price: no alert set.');
  const unit = state.quoteToken.symbol ?? state.quoteToken.address;
  const price = `${groupDigits(state.priceInQuote)} ${unit}`;
  const kind = side === 'above' ? 'price_above' : 'price_below';
  if (priceRuleHolds(kind, state.priceInQuote, level))
    return line(`The price is already ${price}, ${side} ${groupDigits(level)} ${unit}: no alert set.`);
  const added = await addAlert(deps.models, input.chat, { kind, params: { level }, createdAt: now });
  if (!added.ok) return line(FULL);
  const n = await numberOf(deps, input.chat.chat, added.alert.id);
  return line(
    `Alert ${n} set: when the price is at or ${side} ${groupDigits(level)} ${unit} (now ${price}, chain pool). Sent once, then removed.`,
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
      return parsed.success ? setPriceAlert(deps, input, parsed.data[0], parsed.data[1]) : usage;
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
