// Runs an alert command of the command table (docs/bots.md, "Alerts (Telegram)"): per-chat alerts, Telegram
// only. The arguments are checked first by the row's parser: a bad one gets exactly the
// command's usage line, and nothing is read or written. The answers are in alert-replies.ts.
import type { BotDeps } from '../bot-deps.js';
import type { BotReply, CommandInput } from '../types.js';
import { usageLine } from './command-row.js';
import { BOT_COMMANDS } from './command-table.js';

export async function runAlertCommand(deps: BotDeps, input: CommandInput): Promise<BotReply> {
  const row = BOT_COMMANDS.find((r) => r.alert && r.name === input.name);
  if (!row) throw new Error(`not an alert command: ${input.name}`);
  const usage = usageLine(row, deps.settings.coinCommand);
  if (input.chat.platform !== 'telegram') return { text: 'Alerts are set in the Telegram bot.' };
  const answer = row.prepare(input.args);
  if (!answer) return { text: usage };
  return { text: (await answer(deps, input)) ?? usage };
}
