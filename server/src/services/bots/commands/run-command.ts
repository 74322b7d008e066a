// Runs one command of the command table and formats its reply (docs/bots.md, "Commands"). The
// arguments are checked first by the row's parser: a bad one gets the command's usage line and
// nothing is read, written or counted. Alert rows go to alert-commands.ts.
import type { BotDeps } from '../bot-deps.js';
import type { BotReply, CommandInput } from '../types.js';
import { runAlertCommand } from './alert-commands.js';
import { usageLine } from './command-row.js';
import { findCommand } from './command-table.js';

/** The reply to a command; a bad argument gets the command's usage line and nothing else runs. */
export async function runCommand(deps: BotDeps, input: CommandInput): Promise<BotReply> {
  const row = findCommand(input.name, deps.settings.coinCommand);
  if (!row) return { text: 'Unknown command. Send /help for the commands.' };
  if (row.alert) return runAlertCommand(deps, { ...input, name: row.name });
  const usage = usageLine(row, deps.settings.coinCommand);
  const answer = row.prepare(input.args);
  if (!answer) return { text: usage };
  try {
    return { text: (await answer(deps, input)) ?? usage };
  } catch (error) {
    deps.log.warn({
      msg: 'bot command failed',
      command: row.name,
      error: error instanceof Error ? error.message.slice(0, 200) : 'error',
    });
    return { text: `/${input.name}: unavailable — the data could not be read now; try again later.` };
  }
}
