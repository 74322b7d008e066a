// pkg-admin bot …: the operator's Telegram webhook and Discord command registration, run as the
// BUILT binary against the Telegram and Discord doubles (docs/operator.md, "Bots").
import {
  startDiscordServer,
  startTelegramServer,
  type DiscordDouble,
  type TelegramDouble,
} from '@pkg/shared/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { discordCommandDefinitions } from '../../src/services/bots/discord-commands.js';
import { runAdmin, type AdminRun } from './run-admin.js';

const TELEGRAM_TOKEN = '7000000001:AAHtestTokenValue_0123456789abcdef';
const WEBHOOK_SECRET = 'webhook_secret-value_0123456789';
const DISCORD_APP = '1234567890123456789';
const DISCORD_TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.discord-bot-token-value';

let telegram: TelegramDouble;
let discord: DiscordDouble;
let env: Record<string, string>;

beforeAll(async () => {
  telegram = await startTelegramServer(TELEGRAM_TOKEN);
  discord = await startDiscordServer({ applicationId: DISCORD_APP, botToken: DISCORD_TOKEN });
  env = {
    PKG_NET_ALLOW_PRIVATE: '1',
    PKG_BASE_URL: 'https://pkg.example.test',
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TELEGRAM_BASE_URL: telegram.baseUrl,
    DISCORD_APPLICATION_ID: DISCORD_APP,
    DISCORD_BOT_TOKEN: DISCORD_TOKEN,
    DISCORD_BASE_URL: discord.baseUrl,
    BOT_COIN_COMMAND: 'pkg',
  };
});
afterAll(async () => {
  await telegram.close();
  await discord.close();
});
beforeEach(() => {
  telegram.reset();
  discord.reset();
});

/** Neither a token nor the webhook secret appears anywhere in what the command printed. */
function expectNoSecrets(run: AdminRun): void {
  const printed = run.stdout + run.stderr;
  for (const secret of [TELEGRAM_TOKEN, TELEGRAM_TOKEN.split(':')[1] ?? '', WEBHOOK_SECRET, DISCORD_TOKEN]) {
    expect(printed).not.toContain(secret);
  }
}

describe('pkg-admin bot telegram-webhook', () => {
  test('set sends the default URL, the secret token and message updates only', async () => {
    const run = await runAdmin(['bot', 'telegram-webhook', 'set'], env);
    expect(run.code).toBe(0);
    expect(telegram.calls).toEqual([
      {
        method: 'setWebhook',
        body: {
          url: 'https://pkg.example.test/telegram/webhook',
          secret_token: WEBHOOK_SECRET,
          allowed_updates: ['message'],
          drop_pending_updates: false,
        },
      },
    ]);
    expect(run.stdout).toMatch(/^webhook set: https:\/\/pkg\.example\.test\/telegram\/webhook\n/);
    expectNoSecrets(run);
  });

  test('set --url --drop-pending --json', async () => {
    const url = 'https://bots.example.test/hooks/tg';
    const run = await runAdmin(
      ['bot', 'telegram-webhook', 'set', '--url', url, '--drop-pending', '--json'],
      env,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ url, allowedUpdates: ['message'], droppedPending: true });
    expect(telegram.calls[0]?.body).toMatchObject({ url, drop_pending_updates: true });
    expect(telegram.webhook).toMatchObject({ url, allowedUpdates: ['message'], hasSecret: true });
    expectNoSecrets(run);
  });

  test('info prints the URL, the pending count and the last error', async () => {
    telegram.webhook.url = 'https://pkg.example.test/telegram/webhook';
    telegram.webhook.allowedUpdates = ['message'];
    telegram.webhook.lastErrorDate = 1_764_000_000;
    telegram.webhook.lastErrorMessage = 'Wrong response from the webhook: 502 Bad Gateway';
    const run = await runAdmin(['bot', 'telegram-webhook', 'info'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('url:              https://pkg.example.test/telegram/webhook');
    expect(run.stdout).toContain('pending updates:  0');
    expect(run.stdout).toContain(
      'last error:       2025-11-24T16:00:00.000Z Wrong response from the webhook: 502 Bad Gateway',
    );
    const json = await runAdmin(['bot', 'telegram-webhook', 'info', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual({
      url: 'https://pkg.example.test/telegram/webhook',
      pendingUpdateCount: 0,
      lastErrorAt: '2025-11-24T16:00:00.000Z',
      lastErrorMessage: 'Wrong response from the webhook: 502 Bad Gateway',
      allowedUpdates: ['message'],
    });
    expectNoSecrets(run);
    expectNoSecrets(json);
  });

  test('delete removes the webhook', async () => {
    telegram.webhook.url = 'https://pkg.example.test/telegram/webhook';
    const run = await runAdmin(['bot', 'telegram-webhook', 'delete', '--drop-pending'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('webhook deleted; pending updates dropped\n');
    expect(telegram.calls).toEqual([{ method: 'deleteWebhook', body: { drop_pending_updates: true } }]);
    expect(telegram.webhook.url).toBe('');
    const info = await runAdmin(['bot', 'telegram-webhook', 'info'], env);
    expect(info.stdout).toContain('url:              (none set)');
  });

  test("Telegram's refusal is printed in plain words without the token (exit 1)", async () => {
    telegram.failNext.push({
      method: 'setWebhook',
      status: 400,
      body: {
        ok: false,
        error_code: 400,
        description: 'Bad Request: bad webhook: HTTPS url must be provided',
      },
    });
    const run = await runAdmin(['bot', 'telegram-webhook', 'set', '--json'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'pkg-admin: Telegram setWebhook failed (HTTP 400): Bad Request: bad webhook: HTTPS url must be provided\n',
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'UPSTREAM_FAILED' } });
    expectNoSecrets(run);

    const wrong = await runAdmin(['bot', 'telegram-webhook', 'info'], {
      ...env,
      TELEGRAM_BOT_TOKEN: '7000000001:AAHanotherTokenValue_987654321',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('pkg-admin: Telegram getWebhookInfo failed (HTTP 401): Unauthorized\n');
    expect(wrong.stdout + wrong.stderr).not.toContain('AAHanotherTokenValue_987654321');
  });

  test('an http URL is bad input (exit 2) and nothing is sent', async () => {
    const run = await runAdmin(['bot', 'telegram-webhook', 'set', '--url', 'http://pkg.example.test/x'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--url: must be an https URL');
    const base = await runAdmin(['bot', 'telegram-webhook', 'set'], {
      ...env,
      PKG_BASE_URL: 'http://pkg.example.test',
    });
    expect(base.code).toBe(2);
    expect(base.stderr).toContain('PKG_BASE_URL must be an https URL');
    expect(telegram.calls).toEqual([]);
  });
});

describe('pkg-admin bot discord-commands register', () => {
  test('sends the command definitions with the bot token (global)', async () => {
    const run = await runAdmin(['bot', 'discord-commands', 'register'], env);
    expect(run.code).toBe(0);
    const definitions = discordCommandDefinitions('pkg');
    expect(discord.calls).toHaveLength(1);
    expect(discord.calls[0]).toMatchObject({
      method: 'PUT',
      path: `/api/v10/applications/${DISCORD_APP}/commands`,
      authorization: `Bot ${DISCORD_TOKEN}`,
      body: definitions,
    });
    expect(discord.registered.get('global')).toHaveLength(definitions.length);
    expect(run.stdout).toMatch(new RegExp(`^registered ${definitions.length} commands \\(global\\):\n`));
    expect(run.stdout).toContain('  /pkg ');
    expectNoSecrets(run);
  });

  test('--guild registers in that guild; --json lists the commands', async () => {
    const run = await runAdmin(
      ['bot', 'discord-commands', 'register', '--guild', '987654321098765432', '--json'],
      env,
    );
    expect(run.code).toBe(0);
    expect(discord.calls[0]?.path).toBe(
      `/api/v10/applications/${DISCORD_APP}/guilds/987654321098765432/commands`,
    );
    const out = JSON.parse(run.stdout) as { scope: string; guild: string; commands: { name: string }[] };
    expect(out.scope).toBe('guild');
    expect(out.guild).toBe('987654321098765432');
    expect(out.commands.map((c) => c.name)).toEqual(discordCommandDefinitions('pkg').map((d) => d.name));
    expectNoSecrets(run);
  });

  test("Discord's refusal is printed in plain words without the token (exit 1)", async () => {
    const other = 'OTg3NjU1NDMyMTA5ODc2NTQz.another-bot-token-value';
    const run = await runAdmin(['bot', 'discord-commands', 'register'], { ...env, DISCORD_BOT_TOKEN: other });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'pkg-admin: Discord refused the command registration (HTTP 401): 401: Unauthorized (code 0)\n',
    );
    expect(run.stdout + run.stderr).not.toContain(other);
  });

  test('a BOT_COIN_COMMAND that names another command exits 2 naming it, and nothing is sent', async () => {
    const run = await runAdmin(['bot', 'discord-commands', 'register'], { ...env, BOT_COIN_COMMAND: 'help' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'pkg-admin: Invalid configuration:\n  BOT_COIN_COMMAND must not be the name of another command (got "help")\n',
    );
    expect(discord.calls).toEqual([]);
  });
});

describe('a missing variable exits 2 naming it, and nothing is sent', () => {
  test.each([
    [['bot', 'telegram-webhook', 'set'], 'TELEGRAM_BOT_TOKEN'],
    [['bot', 'telegram-webhook', 'set'], 'TELEGRAM_WEBHOOK_SECRET'],
    [['bot', 'telegram-webhook', 'set'], 'PKG_BASE_URL'],
    [['bot', 'telegram-webhook', 'delete'], 'TELEGRAM_BOT_TOKEN'],
    [['bot', 'telegram-webhook', 'info'], 'TELEGRAM_BOT_TOKEN'],
    [['bot', 'discord-commands', 'register'], 'DISCORD_APPLICATION_ID'],
    [['bot', 'discord-commands', 'register'], 'DISCORD_BOT_TOKEN'],
  ])('%j without %s', async (args, variable) => {
    const { [variable]: _unset, ...rest } = env;
    const run = await runAdmin([...args, '--json'], rest);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^pkg-admin: ${variable} is not set`));
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(telegram.calls).toEqual([]);
    expect(discord.calls).toEqual([]);
    expectNoSecrets(run);
  });
});
