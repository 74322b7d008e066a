// /start and /help (docs/bots.md, "Commands"): a greeting by the user's cleaned first name and
// the rows of the command table with the chat's name for the project-token command; alert rows
// only on Telegram, hidden rows (/start) never.
import type { BotPlatform } from '../types.js';
import { cleanName } from '../format/text.js';
import { usageLine, type BotCommandRow } from './command-row.js';

export function helpReply(
  rows: readonly BotCommandRow[],
  name: string,
  coinCommand: string,
  platform: BotPlatform,
): string {
  const greeting = cleanName(name) || 'there';
  const lines = [`Hi ${greeting}! The commands:`];
  for (const row of rows) {
    if (row.hidden || (row.alert && platform === 'discord')) continue;
    lines.push(`${usageLine(row, coinCommand).slice('Usage: '.length)} — ${row.summary}`);
  }
  lines.push('Market data is not financial advice.');
  return lines.join('\n');
}
