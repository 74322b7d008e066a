// pkg-admin bot telegram-webhook set [--url <https-url>] [--drop-pending] | delete
// [--drop-pending] | info (docs/operator.md, "Bots"): the Telegram webhook of the bot. `set`
// sends the URL (default PKG_BASE_URL + TELEGRAM_WEBHOOK_PATH), TELEGRAM_WEBHOOK_SECRET as
// secret_token and allowed_updates ["message"]. Neither the token nor the secret is printed.
import { RegistryError } from '@pkg/shared';
import type { Command } from 'commander';
import { z } from 'zod';
import { loadConfig, type Config } from '../../config.js';
import {
  createTelegramWebhookAdmin,
  TelegramAdminError,
  type TelegramWebhookAdmin,
} from '../../infra/telegram/webhook-admin.js';
import { badInput, parseOptions, print } from './output.js';

/** A variable the command needs is unset: bad input (exit 2) naming it. */
export function missingVariable(name: string, what: string): RegistryError {
  return badInput(`${name} is not set (${what}).`);
}

/** A platform's refusal as an upstream failure (exit 1), in its own words. */
export function upstreamFailure(error: Error): RegistryError {
  return new RegistryError('UPSTREAM_FAILED', error.message);
}

export const allowPrivateNetwork = (): boolean => process.env.PKG_NET_ALLOW_PRIVATE === '1';

function webhookAdmin(config: Config): TelegramWebhookAdmin {
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token) throw missingVariable('TELEGRAM_BOT_TOKEN', 'the bot token BotFather gave');
  return createTelegramWebhookAdmin({
    token,
    baseUrl: config.TELEGRAM_BASE_URL,
    allowPrivate: allowPrivateNetwork(),
  });
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof TelegramAdminError ? upstreamFailure(error) : error;
  }
}

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https URL (Telegram requires https)' });

const setOptionsSchema = z.object({
  url: httpsUrl.optional(),
  dropPending: z.boolean().default(false),
  json: z.boolean().optional(),
});

const deleteOptionsSchema = z.object({
  dropPending: z.boolean().default(false),
  json: z.boolean().optional(),
});

const infoOptionsSchema = z.object({ json: z.boolean().optional() });

/** The webhook URL: --url, else PKG_BASE_URL + TELEGRAM_WEBHOOK_PATH. */
function webhookUrl(config: Config, url: string | undefined): string {
  if (url) return url;
  if (!config.PKG_BASE_URL) {
    throw missingVariable('PKG_BASE_URL', 'the public https URL of the server; or pass --url');
  }
  const full = `${config.PKG_BASE_URL.replace(/\/+$/, '')}${config.TELEGRAM_WEBHOOK_PATH}`;
  const parsed = httpsUrl.safeParse(full);
  if (!parsed.success)
    throw badInput(`PKG_BASE_URL must be an https URL for the webhook (Telegram requires https).`);
  return parsed.data;
}

export function botTelegramCommand(bot: Command): void {
  const webhook = bot.command('telegram-webhook').description('the Telegram webhook of the bot');

  webhook
    .command('set')
    .description('point the Telegram webhook at this server (secret token, message updates only)')
    .option('--url <https-url>', 'the webhook URL (default PKG_BASE_URL + TELEGRAM_WEBHOOK_PATH)')
    .option('--drop-pending', 'drop the updates waiting to be delivered')
    .option('--json', 'print JSON')
    .action(async (raw: unknown) => {
      const { json, ...options } = parseOptions(setOptionsSchema, raw);
      const config = loadConfig();
      const admin = webhookAdmin(config);
      const secret = config.TELEGRAM_WEBHOOK_SECRET;
      if (!secret) {
        throw missingVariable('TELEGRAM_WEBHOOK_SECRET', 'the secret Telegram sends with every update');
      }
      const url = webhookUrl(config, options.url);
      await run(() => admin.set({ url, secret, dropPending: options.dropPending }));
      const result = { url, allowedUpdates: ['message'], droppedPending: options.dropPending };
      print(
        { json },
        [
          `webhook set: ${url}`,
          '  updates:        message',
          '  secret token:   sent (TELEGRAM_WEBHOOK_SECRET)',
          `  pending:        ${options.dropPending ? 'dropped' : 'kept'}`,
        ],
        result,
      );
    });

  webhook
    .command('delete')
    .description('remove the Telegram webhook')
    .option('--drop-pending', 'drop the updates waiting to be delivered')
    .option('--json', 'print JSON')
    .action(async (raw: unknown) => {
      const { json, dropPending } = parseOptions(deleteOptionsSchema, raw);
      const admin = webhookAdmin(loadConfig());
      await run(() => admin.remove({ dropPending }));
      print({ json }, `webhook deleted${dropPending ? '; pending updates dropped' : ''}`, {
        deleted: true,
        droppedPending: dropPending,
      });
    });

  webhook
    .command('info')
    .description('show the webhook Telegram delivers to, its pending updates and its last error')
    .option('--json', 'print JSON')
    .action(async (raw: unknown) => {
      const { json } = parseOptions(infoOptionsSchema, raw);
      const admin = webhookAdmin(loadConfig());
      const info = await run(() => admin.info());
      const lastError = info.lastErrorAt
        ? `${info.lastErrorAt}${info.lastErrorMessage ? ` ${info.lastErrorMessage}` : ''}`
        : (info.lastErrorMessage ?? 'none');
      print(
        { json },
        [
          `url:              ${info.url || '(none set)'}`,
          `pending updates:  ${info.pendingUpdateCount}`,
          `updates:          ${info.allowedUpdates?.join(', ') ?? "(Telegram's default)"}`,
          `last error:       ${lastError}`,
        ],
        info,
      );
    });
}
