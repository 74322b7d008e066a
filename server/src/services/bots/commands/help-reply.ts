// /start and /help (docs/bots.md, "Commands"): a greeting by the user's cleaned first name and
// the command list with the chat's name for the project-token command.
import { cleanName } from '../format/text.js';
import { BOT_COMMANDS, usageLine } from './command-table.js';

export function helpReply(name: string, coinCommand: string, platform: 'telegram' | 'discord'): string {
  const greeting = cleanName(name) || 'there';
  const lines = [`Hi ${greeting}! The commands:`];
  for (const row of BOT_COMMANDS) {
    if (row.name === 'start' || (row.alert && platform === 'discord')) continue;
    lines.push(`${usageLine(row, coinCommand).slice('Usage: '.length)} — ${row.summary}`);
  }
  lines.push('Market data is not financial advice.');
  return lines.join('\n');
}
