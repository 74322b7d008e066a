// Runs one command and formats its reply (docs/bots.md, "Commands"). The arguments are checked
// first: a bad one gets the command's usage line and nothing is read, written or counted. Alert
// commands go to alert-commands.ts.
import type { BotDeps } from '../bot-deps.js';
import type { BotReply, CommandInput } from '../types.js';
import { caReply, burnedReply, coinReply, holdersReply } from './token-replies.js';
import { checkReply, walletReply } from './address-replies.js';
import { askReply } from './ask-reply.js';
import { runAlertCommand } from './alert-commands.js';
import { BOT_COMMANDS, usageLine, type BotCommandRow } from './command-table.js';
import { parseArgs, type ParsedArgs } from './command-args.js';
import { helpReply } from './help-reply.js';
import {
  filingsReply,
  newReply,
  oddsReply,
  perpsReply,
  stockReply,
  stocksReply,
  tvlReply,
} from './market-replies.js';

/** The table row a typed name stands for (`coin` only under BOT_COIN_COMMAND's name). */
export function findCommand(name: string, coinCommand: string): BotCommandRow | undefined {
  const lower = name.toLowerCase();
  if (lower === coinCommand) return BOT_COMMANDS.find((r) => r.name === 'coin');
  if (lower === 'coin') return undefined;
  return BOT_COMMANDS.find((r) => r.name === lower);
}

async function answer(
  deps: BotDeps,
  row: BotCommandRow,
  args: ParsedArgs,
  input: CommandInput,
): Promise<string> {
  switch (row.name) {
    case 'coin':
      return coinReply(await deps.v1('token', {}));
    case 'holders':
      return holdersReply(await deps.v1('token', {}));
    case 'burned':
      return burnedReply(await deps.v1('token', {}));
    case 'ca':
      return caReply(await deps.v1('token', {}));
    case 'tvl':
      return tvlReply(await deps.v1('chain', {}));
    case 'perps':
      return perpsReply(await deps.v1('chain', {}));
    case 'stocks':
      return stocksReply(await deps.v1('stocks', {}));
    case 'stock':
      return args.kind === 'symbol' ? stockReply(await deps.v1('stocks', {}), args.symbol) : '';
    case 'filings':
      return args.kind === 'symbol' ? filingsReply(await deps.v1('filings', { symbol: args.symbol })) : '';
    case 'odds':
      return oddsReply(await deps.v1('odds', {}));
    case 'new':
      return newReply(await deps.v1('screener', {}));
    case 'check':
      return args.kind === 'address' ? checkReply(await deps.v1('contract', { address: args.address })) : '';
    case 'wallet':
      return args.kind === 'address' ? walletReply(await deps.v1('wallet', { address: args.address })) : '';
    case 'ask':
      return args.kind === 'question' ? askReply(deps, input.chat.chat, args.question) : '';
    case 'help':
    case 'start':
      return helpReply(input.user.name, deps.settings.coinCommand, input.chat.platform);
    default:
      return '';
  }
}

/** The reply to a command; a bad argument gets the command's usage line and nothing else runs. */
export async function runCommand(deps: BotDeps, input: CommandInput): Promise<BotReply> {
  const row = findCommand(input.name, deps.settings.coinCommand);
  if (!row) return { text: 'Unknown command. Send /help for the commands.' };
  if (row.alert) return runAlertCommand(deps, { ...input, name: row.name });
  const args = parseArgs(row.name, input.args);
  if (!args) return { text: usageLine(row, deps.settings.coinCommand) };
  try {
    const text = await answer(deps, row, args, input);
    return { text: text || usageLine(row, deps.settings.coinCommand) };
  } catch (error) {
    deps.log.warn({
      msg: 'bot command failed',
      command: row.name,
      error: error instanceof Error ? error.message.slice(0, 200) : 'error',
    });
    return { text: `/${input.name}: unavailable — the data could not be read now; try again later.` };
  }
}
