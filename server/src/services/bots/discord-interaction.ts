// One verified Discord interaction in, the response out (docs/bots.md, "Discord"). PING → PONG;
// a slash command → the same command Telegram runs, with the option's value as its argument
// text; alert commands are not offered here. The answer is sent at once when it is ready
// within the reply budget (type 4), else the response defers (type 5) and the text follows as
// an edit of the original message. /ask always defers. Mentions are always disabled.
import { RegistryError } from '@pkg/shared';
import { InteractionResponseType, InteractionType, type APIInteractionResponse } from 'discord-api-types/v10';
import { z } from 'zod';
import type { BotDeps } from './bot-deps.js';
import { chatName } from './commands/command-row.js';
import { BOT_COMMANDS } from './commands/command-table.js';
import { runCommand } from './commands/run-command.js';
import { isOfferedOnDiscord, optionNameOf } from './discord-commands.js';
import type { ChatRef, CommandInput } from './types.js';

/** An interaction response now, or a deferred one (type 5) and the text to edit in later. */
export type InteractionOutcome =
  | { now: APIInteractionResponse }
  | {
      defer: Promise<string>;
      /** Where the text goes: the interaction's application and token (valid 15 minutes). */
      applicationId: string;
      token: string;
    };

/** Discord's message content limit. */
export const DISCORD_CONTENT_MAX = 2000;

export const ALERTS_ON_TELEGRAM = 'Alerts are set in the Telegram bot.';
const FAILED = 'That did not work this time; please try again later.';

const snowflake = z.string().regex(/^\d{1,25}$/);
const userSchema = z.looseObject({
  id: snowflake,
  username: z.string().max(100),
  global_name: z.string().max(100).nullish(),
});
const optionSchema = z.looseObject({
  name: z.string().min(1).max(32),
  type: z.number().int(),
  value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
});

/** The interaction fields this endpoint reads (Discord's interaction object); others are ignored. */
export const interactionSchema = z.looseObject({
  id: snowflake,
  application_id: snowflake,
  type: z.number().int(),
  /** Only a URL path segment of ours: letters, digits, `.`, `_`, `-`. */
  token: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^[A-Za-z0-9._-]+$/)
    .optional(),
  data: z
    .looseObject({
      name: z.string().min(1).max(32),
      options: z.array(optionSchema).max(25).optional(),
    })
    .optional(),
  guild_id: snowflake.optional(),
  channel_id: snowflake.optional(),
  member: z.looseObject({ user: userSchema }).optional(),
  user: userSchema.optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

const ALERT_NAMES: ReadonlySet<string> = new Set(BOT_COMMANDS.filter((r) => r.alert).map((r) => r.name));

/** Caps a reply to Discord's limit, cutting at a line end when one is near. */
export function capContent(text: string, max = DISCORD_CONTENT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lineEnd = cut.lastIndexOf('\n');
  return `${lineEnd >= max / 2 ? cut.slice(0, lineEnd) : cut}…`;
}

function message(content: string): APIInteractionResponse {
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: { content: capContent(content), allowed_mentions: { parse: [] } },
  };
}

function chatOf(interaction: Interaction, userId: string): ChatRef {
  const chatId = interaction.channel_id ?? userId;
  return {
    platform: 'discord',
    chat: `discord:${chatId}`,
    chatId,
    kind: interaction.guild_id ? 'group' : 'private',
  };
}

/** The row a slash command's name stands for (Discord sends the registered name as it is). */
function rowNamed(deps: BotDeps, name: string) {
  return BOT_COMMANDS.find((r) => chatName(r, deps.settings.coinCommand) === name);
}

/** The command input Telegram would give for the same command: the option's value as argument text. */
function commandInput(deps: BotDeps, interaction: Interaction, name: string): CommandInput {
  const user = interaction.member?.user ?? interaction.user;
  const row = rowNamed(deps, name);
  const optionName = row && isOfferedOnDiscord(row) ? optionNameOf(row) : undefined;
  const options = interaction.data?.options ?? [];
  const option = optionName ? options.find((o) => o.name === optionName) : undefined;
  const value = option?.value ?? (optionName ? undefined : options[0]?.value);
  return {
    name,
    args: value === undefined ? '' : String(value).trim(),
    chat: chatOf(interaction, user?.id ?? interaction.id),
    user: { name: user ? (user.global_name ?? user.username) : '' },
  };
}

function isSlow(deps: BotDeps, name: string): boolean {
  return rowNamed(deps, name)?.slow === true;
}

/** Validates an interaction (a parsed, signature-checked body); 400 when it is not one we read. */
export function parseInteraction(body: unknown): Interaction {
  const parsed = interactionSchema.safeParse(body);
  if (!parsed.success)
    throw new RegistryError('BAD_REQUEST', 'The body is not an interaction this endpoint reads.');
  return parsed.data;
}

export async function handleInteraction(deps: BotDeps, body: unknown): Promise<InteractionOutcome> {
  const interaction = parseInteraction(body);
  if (interaction.type === (InteractionType.Ping as number))
    return { now: { type: InteractionResponseType.Pong } };
  if (interaction.type !== (InteractionType.ApplicationCommand as number) || !interaction.data)
    throw new RegistryError('BAD_REQUEST', 'Only PING and slash-command interactions are answered.');
  const token = interaction.token;
  if (!token) throw new RegistryError('BAD_REQUEST', 'The interaction has no token.');

  const name = interaction.data.name;
  if (ALERT_NAMES.has(name)) return { now: message(ALERTS_ON_TELEGRAM) };

  const input = commandInput(deps, interaction, name);
  const answer: Promise<string> = runCommand(deps, input).then(
    (reply) => capContent(reply.text),
    (error: unknown) => {
      deps.log.error({ err: error, command: name }, 'discord command failed');
      return FAILED;
    },
  );
  const deferred = { defer: answer, applicationId: interaction.application_id, token };
  if (isSlow(deps, name)) return deferred;

  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), deps.settings.discordReplyBudgetMs);
  });
  try {
    const text = await Promise.race([answer, budget]);
    return text === undefined ? deferred : { now: message(text) };
  } finally {
    clearTimeout(timer);
  }
}
