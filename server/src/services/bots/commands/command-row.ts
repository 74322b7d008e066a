// What one row of the command table carries (docs/bots.md, "Commands"): everything about its
// command, so a command is added, renamed or removed in that one row. `defineCommand` keeps the
// row's argument parser and its answer typed together and hands the runners a row that only
// knows "check these arguments, then answer with them".
import type { BotDeps } from '../bot-deps.js';
import type { CommandInput } from '../types.js';
import type { ArgParser } from './command-args.js';

/** A row as it is written: the parser's result is what the answer reads. */
export interface CommandSpec<A> {
  /** The command's fixed name; the project-token row is renamed by BOT_COIN_COMMAND. */
  name: string;
  /** The one line a bad argument gets, without the leading `/` and name. */
  args: string;
  summary: string;
  /** The arguments, or undefined when they are bad: nothing is read, written or counted then. */
  parse: ArgParser<A>;
  /**
   * Reads what the command needs and formats the reply; undefined when the arguments turn out
   * bad only once read (a price unit that is not the pool's quote token): the usage line then.
   */
  answer: (deps: BotDeps, args: A, input: CommandInput) => Promise<string | undefined>;
  /** Alerts are per chat and Telegram-only (docs/bots.md, "Alerts (Telegram)"). */
  alert?: boolean;
  /** Answered after a deferred reply (model calls). */
  slow?: boolean;
  /** Telegram's first-contact command: neither listed by /help nor registered on Discord. */
  hidden?: boolean;
  /** The project-token command, named in chats by BOT_COIN_COMMAND. */
  projectToken?: boolean;
}

/** The answer of a row with its arguments checked. */
export type PreparedAnswer = (deps: BotDeps, input: CommandInput) => Promise<string | undefined>;

/** A row as the runners, /help and the Discord registration read it. */
export interface BotCommandRow {
  readonly name: string;
  readonly args: string;
  readonly summary: string;
  readonly alert: boolean;
  readonly slow: boolean;
  readonly hidden: boolean;
  readonly projectToken: boolean;
  /** Checks the argument text: the answer to run with it, or undefined when it is bad. */
  readonly prepare: (raw: string) => PreparedAnswer | undefined;
}

export function defineCommand<A>(spec: CommandSpec<A>): BotCommandRow {
  const { parse, answer, alert = false, slow = false, hidden = false, projectToken = false, ...text } = spec;
  return {
    ...text,
    alert,
    slow,
    hidden,
    projectToken,
    prepare(raw) {
      const args = parse(raw);
      return args === undefined ? undefined : (deps, input) => answer(deps, args, input);
    },
  };
}

/** The name a chat types for a row: BOT_COIN_COMMAND's for the project-token command. */
export function chatName(row: BotCommandRow, coinCommand: string): string {
  return row.projectToken ? coinCommand : row.name;
}

/** The usage line of a command, with the chat's name for the project-token command. */
export function usageLine(row: BotCommandRow, coinCommand: string): string {
  return `Usage: /${chatName(row, coinCommand)}${row.args ? ` ${row.args}` : ''}`;
}
