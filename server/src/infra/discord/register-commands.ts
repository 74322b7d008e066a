// Registering the application's slash commands (docs/operator.md, "Bots"): "Bulk Overwrite
// Global Application Commands" (PUT {DISCORD_BASE_URL}/applications/{application id}/commands)
// or, with a guild, "Bulk Overwrite Guild Application Commands"
// (…/applications/{application id}/guilds/{guild id}/commands), authenticated with
// `Authorization: Bot <token>`. The bot token is redacted from every failure and never printed.
import { createGuardedFetch, createRedactor, netPolicy } from '@pkg/shared/data';
import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { z } from 'zod';

export interface RegisterCommandsSettings {
  /** DISCORD_BASE_URL, without a trailing `/`. */
  baseUrl: string;
  applicationId: string;
  botToken: string;
  /** PKG_NET_ALLOW_PRIVATE=1: the base URL may be a loopback or private address (tests, proxies). */
  allowPrivate: boolean;
}

export interface RegisteredCommand {
  id: string;
  name: string;
}

/** Discord refused or could not be reached; the message is plain and holds no token. */
export class DiscordAdminError extends Error {
  override name = 'DiscordAdminError';
}

const DEFAULT_BASE_URL = 'https://discord.com/api/v10';

/** The answer: an array of application command objects (the fields shown). */
const registeredSchema = z
  .array(z.looseObject({ id: z.string().max(32), name: z.string().max(32) }))
  .max(200);

/** Discord's error body (https://discord.com/developers/docs/reference#error-messages). */
const errorBodySchema = z.looseObject({
  message: z.string().max(500).optional(),
  code: z.number().int().optional(),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Overwrite the application's commands (the guild's with `guildId`) with `commands`. */
export async function registerDiscordCommands(
  settings: RegisterCommandsSettings,
  commands: RESTPutAPIApplicationCommandsJSONBody,
  guildId?: string,
): Promise<RegisteredCommand[]> {
  const fetcher = createGuardedFetch();
  const policy = netPolicy({
    provider: 'discord',
    defaultUrls: [DEFAULT_BASE_URL],
    configuredUrls: [settings.baseUrl],
    allowPrivate: settings.allowPrivate,
    timeoutMs: 15_000,
    maxBytes: 512 * 1024,
  });
  const redact = createRedactor([settings.botToken, encodeURIComponent(settings.botToken)]);
  const app = encodeURIComponent(settings.applicationId);
  const scope = guildId ? `/guilds/${encodeURIComponent(guildId)}` : '';
  try {
    let response;
    try {
      response = await fetcher.fetch({
        url: `${settings.baseUrl}/applications/${app}${scope}/commands`,
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bot ${settings.botToken}` },
        body: JSON.stringify(commands),
        policy,
        redact,
      });
    } catch (error) {
      const reason = redact(error instanceof Error ? error.message : String(error));
      throw new DiscordAdminError(`Discord could not be reached: ${reason}`);
    }
    const body = parseJson(response.text);
    if (response.status >= 200 && response.status < 300) {
      const parsed = registeredSchema.safeParse(body);
      if (!parsed.success) throw new DiscordAdminError('Discord answered an unexpected shape');
      return parsed.data.map(({ id, name }) => ({ id, name }));
    }
    const error = errorBodySchema.safeParse(body);
    const message = error.success && error.data.message ? `: ${error.data.message}` : '';
    const code = error.success && error.data.code !== undefined ? ` (code ${error.data.code})` : '';
    throw new DiscordAdminError(
      redact(`Discord refused the command registration (HTTP ${response.status})${message}${code}`),
    );
  } finally {
    await fetcher.close();
  }
}
