// Every bot command in one table (docs/bots.md, "Commands", "Alerts"), one row each: its name,
// its usage line, what it answers, the parser of its arguments (command-args.ts), the answer that
// reads the website's /v1 answers (or the alert store, or the Ask agent) and formats the reply,
// and its flags. The runners (run-command.ts, alert-commands.ts), /help and the Discord
// registration read these rows; no other file names a command. The project-token command's
// name comes from BOT_COIN_COMMAND.
import { askReply } from './ask-reply.js';
import { checkReply, walletReply } from './address-replies.js';
import {
  alertOff,
  listReply,
  setBurnsAlert,
  setPriceAlert,
  setRadarAlert,
  setWhalesAlert,
} from './alert-replies.js';
import {
  addressArg,
  alertNumberArgs,
  anyArgs,
  noArgs,
  noWords,
  onAmountArgs,
  onArgs,
  priceAlertArgs,
  questionArg,
  symbolArg,
  type NoArgs,
} from './command-args.js';
import { chatName, defineCommand, type BotCommandRow, type CommandSpec } from './command-row.js';
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
import { burnedReply, caReply, coinReply, holdersReply } from './token-replies.js';

/** The greeting and the command list (/help and /start). */
const greet: CommandSpec<NoArgs>['answer'] = (deps, _args, input) =>
  Promise.resolve(helpReply(BOT_COMMANDS, input.user.name, deps.settings.coinCommand, input.chat.platform));

export const BOT_COMMANDS: readonly BotCommandRow[] = [
  defineCommand({
    name: 'coin',
    args: '',
    summary: 'project token price, market cap, liquidity, volume, holders, burned',
    projectToken: true,
    parse: noArgs,
    answer: async (deps) => coinReply(await deps.v1('token', {})),
  }),
  defineCommand({
    name: 'holders',
    args: '',
    summary: 'top holders and dev wallets',
    parse: noArgs,
    answer: async (deps) => holdersReply(await deps.v1('token', {})),
  }),
  defineCommand({
    name: 'burned',
    args: '',
    summary: 'burned total',
    parse: noArgs,
    answer: async (deps) => burnedReply(await deps.v1('token', {})),
  }),
  defineCommand({
    name: 'ca',
    args: '',
    summary: 'the official contract',
    parse: noArgs,
    answer: async (deps) => caReply(await deps.v1('token', {})),
  }),
  defineCommand({
    name: 'tvl',
    args: '',
    summary: 'chain TVL',
    parse: noArgs,
    answer: async (deps) => tvlReply(await deps.v1('chain', {})),
  }),
  defineCommand({
    name: 'perps',
    args: '',
    summary: 'perpetual markets by volume',
    parse: noArgs,
    answer: async (deps) => perpsReply(await deps.v1('chain', {})),
  }),
  defineCommand({
    name: 'stocks',
    args: '',
    summary: 'stock-token premiums',
    parse: noArgs,
    answer: async (deps) => stocksReply(await deps.v1('stocks', {})),
  }),
  defineCommand({
    name: 'stock',
    args: '<SYMBOL>',
    summary: 'one stock token',
    parse: symbolArg,
    answer: async (deps, symbol) => stockReply(await deps.v1('stocks', {}), symbol),
  }),
  defineCommand({
    name: 'filings',
    args: '<SYMBOL>',
    summary: 'latest filings',
    parse: symbolArg,
    answer: async (deps, symbol) => filingsReply(await deps.v1('filings', { symbol })),
  }),
  defineCommand({
    name: 'odds',
    args: '',
    summary: 'Fed, inflation and stock-event odds',
    parse: noArgs,
    answer: async (deps) => oddsReply(await deps.v1('odds', {})),
  }),
  defineCommand({
    name: 'new',
    args: '',
    summary: 'newest tokens with security flags',
    parse: noArgs,
    answer: async (deps) => newReply(await deps.v1('screener', {})),
  }),
  defineCommand({
    name: 'check',
    args: '0x<address>',
    summary: 'verified source and security flags of a token contract',
    parse: addressArg,
    answer: async (deps, address) => checkReply(await deps.v1('contract', { address })),
  }),
  defineCommand({
    name: 'wallet',
    args: '0x<address>',
    summary: 'wallet holdings',
    parse: addressArg,
    answer: async (deps, address) => walletReply(await deps.v1('wallet', { address })),
  }),
  defineCommand({
    name: 'ask',
    args: '<question>',
    summary: 'a plain-language question (10 per chat per day)',
    slow: true,
    parse: questionArg,
    answer: (deps, question, input) => askReply(deps, input.chat.chat, question),
  }),
  defineCommand({ name: 'help', args: '', summary: 'the commands', parse: anyArgs, answer: greet }),
  defineCommand({
    name: 'start',
    args: '',
    summary: 'a greeting and the commands',
    hidden: true,
    parse: anyArgs,
    answer: greet,
  }),
  defineCommand({
    name: 'alert',
    args: 'above|below <price> [USD|<quote symbol>]',
    summary: 'a project-token price alert, sent once',
    alert: true,
    parse: priceAlertArgs,
    answer: (deps, args, input) => setPriceAlert(deps, input, args),
  }),
  defineCommand({
    name: 'whales',
    args: 'on <usd_min>',
    summary: 'project-token trades of at least that USD value',
    alert: true,
    parse: onAmountArgs,
    answer: (deps, usdMin, input) => setWhalesAlert(deps, input, usdMin),
  }),
  defineCommand({
    name: 'burns',
    args: 'on',
    summary: 'every new project-token burn',
    alert: true,
    parse: onArgs,
    answer: (deps, _args, input) => setBurnsAlert(deps, input),
  }),
  defineCommand({
    name: 'radar',
    args: 'on <usd_liquidity_min>',
    summary: 'new tokens with at least that liquidity',
    alert: true,
    parse: onAmountArgs,
    answer: (deps, liquidityMin, input) => setRadarAlert(deps, input, liquidityMin),
  }),
  defineCommand({
    name: 'alerts',
    args: '',
    summary: "this chat's alerts, numbered",
    alert: true,
    parse: noWords,
    answer: (deps, _args, input) => listReply(deps, input.chat.chat),
  }),
  defineCommand({
    name: 'alertoff',
    args: '<n>|all',
    summary: 'remove one alert by number, or all',
    alert: true,
    parse: alertNumberArgs,
    answer: (deps, which, input) => alertOff(deps, input.chat.chat, which),
  }),
];

/** Names BOT_COIN_COMMAND may not take (every other command's). */
const RESERVED_COMMAND_NAMES: readonly string[] = BOT_COMMANDS.filter((c) => !c.projectToken).map(
  (c) => c.name,
);

/** What is wrong with `name` as BOT_COIN_COMMAND's value: another command's name; else undefined. */
export function coinCommandProblem(name: string): string | undefined {
  return RESERVED_COMMAND_NAMES.includes(name) ? 'must not be the name of another command' : undefined;
}

/** The row a typed name stands for (the project-token command only under BOT_COIN_COMMAND's name). */
export function findCommand(name: string, coinCommand: string): BotCommandRow | undefined {
  const lower = name.toLowerCase();
  return BOT_COMMANDS.find((row) => chatName(row, coinCommand) === lower);
}
