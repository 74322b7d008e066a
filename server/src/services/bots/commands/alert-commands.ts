// STUB (part C replaces it): /alert, /whales, /burns, /radar, /alerts, /alertoff (docs/bots.md, "Alerts").
import type { BotDeps } from '../bot-deps.js';
import type { BotReply, CommandInput } from '../types.js';

export async function runAlertCommand(_deps: BotDeps, _input: CommandInput): Promise<BotReply> {
  return Promise.reject(new Error('not implemented'));
}
