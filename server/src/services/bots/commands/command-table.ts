// Every bot command in one table (docs/bots.md, "Commands"): its usage line, what it
// answers, on which platform it is offered and whether its answer usually takes longer than a
// platform's reply window. The project-token command's name comes from BOT_COIN_COMMAND.

export interface BotCommandRow {
  /** The command's fixed name; `coin` is renamed by BOT_COIN_COMMAND. */
  name: string;
  /** The one line a bad argument gets, without the leading `/` and name. */
  args: string;
  summary: string;
  /** Alerts are per chat and Telegram-only (docs/bots.md, "Alerts"). */
  alert: boolean;
  /** Answered after a deferred reply (model calls). */
  slow: boolean;
}

export const BOT_COMMANDS = [
  {
    name: 'coin',
    args: '',
    summary: 'project token price, market cap, liquidity, volume, holders, burned',
    alert: false,
    slow: false,
  },
  { name: 'holders', args: '', summary: 'top holders and dev wallets', alert: false, slow: false },
  { name: 'burned', args: '', summary: 'burned total', alert: false, slow: false },
  { name: 'ca', args: '', summary: 'the official contract', alert: false, slow: false },
  { name: 'tvl', args: '', summary: 'chain TVL', alert: false, slow: false },
  { name: 'perps', args: '', summary: 'perpetual markets by volume', alert: false, slow: false },
  { name: 'stocks', args: '', summary: 'stock-token premiums', alert: false, slow: false },
  { name: 'stock', args: '<SYMBOL>', summary: 'one stock token', alert: false, slow: false },
  { name: 'filings', args: '<SYMBOL>', summary: 'latest filings', alert: false, slow: false },
  { name: 'odds', args: '', summary: 'Fed, inflation and stock-event odds', alert: false, slow: false },
  { name: 'new', args: '', summary: 'newest tokens with security flags', alert: false, slow: false },
  {
    name: 'check',
    args: '0x<address>',
    summary: 'verified source and security flags of a token contract',
    alert: false,
    slow: false,
  },
  { name: 'wallet', args: '0x<address>', summary: 'wallet holdings', alert: false, slow: false },
  {
    name: 'ask',
    args: '<question>',
    summary: 'a plain-language question (10 per chat per day)',
    alert: false,
    slow: true,
  },
  { name: 'help', args: '', summary: 'the commands', alert: false, slow: false },
  { name: 'start', args: '', summary: 'a greeting and the commands', alert: false, slow: false },
  {
    name: 'alert',
    args: 'above|below <price> [USD|<quote symbol>]',
    summary: 'a project-token price alert, sent once',
    alert: true,
    slow: false,
  },
  {
    name: 'whales',
    args: 'on <usd_min>',
    summary: 'project-token trades of at least that USD value',
    alert: true,
    slow: false,
  },
  { name: 'burns', args: 'on', summary: 'every new project-token burn', alert: true, slow: false },
  {
    name: 'radar',
    args: 'on <usd_liquidity_min>',
    summary: 'new tokens with at least that liquidity',
    alert: true,
    slow: false,
  },
  { name: 'alerts', args: '', summary: "this chat's alerts, numbered", alert: true, slow: false },
  {
    name: 'alertoff',
    args: '<n>|all',
    summary: 'remove one alert by number, or all',
    alert: true,
    slow: false,
  },
] as const satisfies readonly BotCommandRow[];

export type BotCommandName = (typeof BOT_COMMANDS)[number]['name'];

/** Names BOT_COIN_COMMAND may not take (every other command's). */
export const RESERVED_COMMAND_NAMES: readonly string[] = BOT_COMMANDS.map((c) => c.name).filter(
  (n) => n !== 'coin',
);

/** The usage line of a command, with the chat's name for the coin command. */
export function usageLine(row: BotCommandRow, coinCommand: string): string {
  const name = row.name === 'coin' ? coinCommand : row.name;
  return `Usage: /${name}${row.args ? ` ${row.args}` : ''}`;
}
