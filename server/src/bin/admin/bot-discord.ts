// pkg-admin bot discord-commands register [--guild <id>] (docs/operator.md, "Bots"): overwrite
// the Discord application's slash commands (or one guild's, which appear at once) with the
// project's command list. Needs DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN; the token is never
// printed.
import type { Command } from 'commander';
import { z } from 'zod';
import { loadConfig } from '../../config.js';
import { DiscordAdminError, registerDiscordCommands } from '../../infra/discord/register-commands.js';
import { discordCommandDefinitions } from '../../services/bots/discord-commands.js';
import { botSettings } from '../../wing-deps.js';
import { allowPrivateNetwork, missingVariable, upstreamFailure } from './bot-telegram.js';
import { parseOptions, print } from './output.js';

const optionsSchema = z.object({
  guild: z
    .string()
    .regex(/^\d{5,25}$/, 'must be the numeric guild (server) id')
    .optional(),
  json: z.boolean().optional(),
});

export function botDiscordCommand(bot: Command): void {
  const commands = bot
    .command('discord-commands')
    .description('the slash commands of the Discord application');
  commands
    .command('register')
    .description('overwrite the application commands (global, or one guild with --guild)')
    .option('--guild <id>', 'register in this guild only (shown at once; global ones may take a while)')
    .option('--json', 'print JSON')
    .action(async (raw: unknown) => {
      const { json, guild } = parseOptions(optionsSchema, raw);
      const config = loadConfig();
      const { coinCommand } = botSettings(config); // a name another command has is refused here
      const applicationId = config.DISCORD_APPLICATION_ID;
      if (!applicationId) throw missingVariable('DISCORD_APPLICATION_ID', 'the numeric application id');
      const botToken = config.DISCORD_BOT_TOKEN;
      if (!botToken) throw missingVariable('DISCORD_BOT_TOKEN', 'the bot token of the application');
      let registered;
      try {
        registered = await registerDiscordCommands(
          { baseUrl: config.DISCORD_BASE_URL, applicationId, botToken, allowPrivate: allowPrivateNetwork() },
          discordCommandDefinitions(coinCommand),
          guild,
        );
      } catch (error) {
        throw error instanceof DiscordAdminError ? upstreamFailure(error) : error;
      }
      const scope = guild ? `guild ${guild}` : 'global';
      print(
        { json },
        [
          `registered ${registered.length} commands (${scope}):`,
          ...registered.map((c) => `  /${c.name.padEnd(12)} ${c.id}`),
        ],
        { scope: guild ? 'guild' : 'global', ...(guild ? { guild } : {}), commands: registered },
      );
    });
}
