// The slash commands the Discord application registers (docs/bots.md, "Discord"): every row of
// the command table except the alert commands (alerts are set in the Telegram bot) and the hidden
// row (/start, Telegram's first-contact command; /help greets on Discord), the project-token
// command named by BOT_COIN_COMMAND, and one required STRING option where the row takes an
// argument (its name from the usage line: `<SYMBOL>` → `symbol`).
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { chatName, type BotCommandRow } from './commands/command-row.js';
import { BOT_COMMANDS } from './commands/command-table.js';

/** Whether a row is registered on Discord: neither an alert nor a hidden row. */
export function isOfferedOnDiscord(row: BotCommandRow): boolean {
  return !row.alert && !row.hidden;
}

/** The rows offered on Discord. */
export const DISCORD_COMMAND_ROWS: readonly BotCommandRow[] = BOT_COMMANDS.filter(isOfferedOnDiscord);

/** The option's name of a row that takes an argument (`<SYMBOL>` → `symbol`), else undefined. */
export function optionNameOf(row: BotCommandRow): string | undefined {
  const placeholder = /<([A-Za-z_]+)>/.exec(row.args)?.[1];
  return placeholder?.toLowerCase();
}

const OPTION_DESCRIPTIONS: Record<string, string> = {
  symbol: 'the stock ticker symbol',
  address: 'the 0x address',
  question: 'your question',
};

/** The command list sent to "Bulk Overwrite Application Commands" (a RESTPutAPIApplicationCommandsJSONBody). */
export function discordCommandDefinitions(
  coinCommand: string,
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const definitions = DISCORD_COMMAND_ROWS.map((row): RESTPostAPIChatInputApplicationCommandsJSONBody => {
    const option = optionNameOf(row);
    return {
      name: chatName(row, coinCommand),
      description: row.summary.slice(0, 100),
      type: ApplicationCommandType.ChatInput,
      ...(option
        ? {
            options: [
              {
                name: option,
                description: OPTION_DESCRIPTIONS[option] ?? option,
                type: ApplicationCommandOptionType.String,
                required: true,
              },
            ],
          }
        : {}),
    };
  });
  return definitions satisfies RESTPutAPIApplicationCommandsJSONBody;
}
