// One Telegram update in, the webhook reply out (docs/bots.md, "Telegram"). In groups only
// commands are answered, and only those unaddressed or addressed to this bot; in a private chat
// any other text gets a one-line hint. A second delivery of an update is answered with nothing.
// An answer slower than the reply budget, and every /ask, goes out later through the messenger:
// the webhook is answered empty at once. The pending sends are kept (`telegramRepliesSettled`).
import { telegramUpdateSchema, type TelegramMessage } from '../../infra/telegram/telegram-schemas.js';
import { removeChat } from './alerts/alert-store.js';
import type { BotDeps } from './bot-deps.js';
import { usageLine } from './commands/command-row.js';
import { findCommand } from './commands/command-table.js';
import { runCommand } from './commands/run-command.js';
import { capText } from './format/text.js';
import type { ChatRef } from './types.js';
import { isDuplicateKeyError } from '../../db/duplicate-key.js';

/** A Bot API method call returned as the webhook response body (`method` + its parameters). */
export interface TelegramWebhookReply {
  method: 'sendMessage';
  chat_id: number | string;
  text: string;
  [parameter: string]: unknown;
}

export interface TelegramUpdateOptions {
  /** The bot's username (getMe); undefined while unknown: addressed commands are then ignored. */
  botUsername?: () => Promise<string | undefined>;
}

/** Telegram's message length limit. */
export const TELEGRAM_TEXT_MAX = 4096;
const HINT = 'Send /help for the commands.';
/** How long a delivered update id is remembered (Telegram retries for less). */
const UPDATE_MEMORY_MS = 86_400_000;

/** Resolves when every later send started so far with these deps has been made. */
export async function telegramRepliesSettled(deps: BotDeps): Promise<void> {
  const pending = deps.pendingReplies;
  while (pending.size > 0) await Promise.all([...pending]);
}

interface ParsedCommand {
  name: string;
  addressedTo?: string;
  args: string;
}

/** The command at offset 0 (the first `bot_command` entity), if the message starts with one. */
function commandOf(message: TelegramMessage): ParsedCommand | undefined {
  const text = message.text;
  const entity = message.entities?.find((e) => e.type === 'bot_command' && e.offset === 0);
  if (!text || !entity || entity.length < 2 || !text.startsWith('/')) return undefined;
  const [name = '', addressedTo] = text.slice(1, entity.length).split('@', 2);
  return { name, ...(addressedTo ? { addressedTo } : {}), args: text.slice(entity.length) };
}

function replyTo(message: TelegramMessage, text: string): TelegramWebhookReply {
  return {
    method: 'sendMessage',
    chat_id: message.chat.id,
    text: capText(text, TELEGRAM_TEXT_MAX),
    reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
    link_preview_options: { is_disabled: true },
    ...(message.message_thread_id !== undefined ? { message_thread_id: message.message_thread_id } : {}),
  };
}

/** Sends an answer after the webhook was answered; a blocked or gone chat loses its alerts. */
function sendLater(deps: BotDeps, chat: ChatRef, text: Promise<string>): void {
  const messenger = deps.messenger;
  const pending = deps.pendingReplies;
  const job = text
    .then(async (answer) => {
      if (!messenger) {
        deps.log.warn({ msg: 'telegram answer dropped: no messenger' });
        return;
      }
      const result = await messenger.send(chat, capText(answer, TELEGRAM_TEXT_MAX));
      if (result.status === 'blocked' || result.status === 'gone') {
        await removeChat(deps.models, chat.chat);
        deps.log.info({ msg: 'telegram chat unreachable, alerts removed', status: result.status });
      } else if (result.status === 'failed')
        deps.log.warn({ msg: 'telegram later answer failed', reason: result.reason });
    })
    .catch((error: unknown) =>
      deps.log.error({
        msg: 'telegram later answer failed',
        error: error instanceof Error ? error.message : 'error',
      }),
    )
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** The reply to an update, or undefined (answered 200 with an empty body). */
export async function handleTelegramUpdate(
  deps: BotDeps,
  update: unknown,
  options: TelegramUpdateOptions = {},
): Promise<TelegramWebhookReply | undefined> {
  const parsed = telegramUpdateSchema.safeParse(update);
  if (!parsed.success) {
    deps.log.warn({ msg: 'telegram update invalid', issues: parsed.error.issues.length });
    return undefined;
  }
  const message = parsed.data.message;
  if (!message || message.chat.type === 'channel' || message.from?.is_bot) return undefined;
  const group = message.chat.type !== 'private';
  const command = commandOf(message);
  if (!command) return group || message.text === undefined ? undefined : replyTo(message, HINT);
  if (command.addressedTo !== undefined) {
    const ours = await options.botUsername?.();
    if (!ours) deps.log.warn({ msg: 'telegram addressed command ignored: bot username unknown' });
    if (!ours || command.addressedTo.toLowerCase() !== ours.toLowerCase()) return undefined;
  }
  const row = findCommand(command.name, deps.settings.coinCommand);
  // In a group an unknown unaddressed command is another bot's.
  if (!row && group && command.addressedTo === undefined) return undefined;

  // A bad argument is answered with the usage line before anything is written.
  if (row && !row.alert && !row.prepare(command.args))
    return replyTo(message, usageLine(row, deps.settings.coinCommand));

  const now = deps.clock();
  try {
    await deps.models.BotUpdate.create({
      _id: `telegram:${parsed.data.update_id}`,
      expiresAt: new Date(now.getTime() + UPDATE_MEMORY_MS),
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) return undefined;
    throw error;
  }

  const chat: ChatRef = {
    platform: 'telegram',
    chat: `telegram:${message.chat.id}`,
    chatId: String(message.chat.id),
    ...(message.message_thread_id !== undefined ? { threadId: message.message_thread_id } : {}),
    kind: group ? 'group' : 'private',
  };
  const answer = runCommand(deps, {
    name: command.name,
    args: command.args,
    chat,
    user: { name: message.from?.first_name ?? '' },
  }).then((reply) => reply.text);

  if (row?.slow) {
    sendLater(deps, chat, answer);
    return undefined;
  }
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), deps.settings.telegramReplyBudgetMs);
  });
  const first = await Promise.race([answer, budget]).finally(() => clearTimeout(timer));
  if (first === undefined) {
    sendLater(deps, chat, answer);
    return undefined;
  }
  return replyTo(message, first);
}
