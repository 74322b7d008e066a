// The Discord calls the interactions endpoint makes (docs/bots.md, "Discord"): editing the
// deferred reply ("Edit Original Interaction Response", PATCH
// {DISCORD_BASE_URL}/webhooks/{application_id}/{interaction token}/messages/@original). It needs
// no bot token; the interaction token is in the path and is redacted from every error.
// A 429 waits retry_after seconds once, then tries again.
import { createGuardedFetch, createRedactor, netPolicy } from '@pkg/shared/data';
import type { RESTPatchAPIInteractionOriginalResponseJSONBody } from 'discord-api-types/v10';
import { z } from 'zod';

export interface DiscordApiSettings {
  /** DISCORD_BASE_URL, without a trailing `/`. */
  baseUrl: string;
  /** PKG_NET_ALLOW_PRIVATE=1: the base URL may be a loopback or private address (tests, proxies). */
  allowPrivate: boolean;
}

export type EditResult = { status: 'edited' } | { status: 'failed'; reason: string };

export interface DiscordApi {
  editOriginal: (applicationId: string, interactionToken: string, content: string) => Promise<EditResult>;
  close: () => Promise<void>;
}

const DEFAULT_BASE_URL = 'https://discord.com/api/v10';
/** A 429 waits at most this long (Discord's per-route waits are seconds). */
const MAX_RETRY_AFTER_S = 60;

/** Discord's error body (https://discord.com/developers/docs/reference#error-messages) and 429 body. */
const errorBodySchema = z.looseObject({
  message: z.string().max(500).optional(),
  code: z.number().int().optional(),
  retry_after: z.number().nonnegative().optional(),
});

function errorBody(text: string): z.infer<typeof errorBodySchema> {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function createDiscordApi(
  settings: DiscordApiSettings,
  wait: (ms: number) => Promise<void>,
): DiscordApi {
  const fetcher = createGuardedFetch();
  const policy = netPolicy({
    provider: 'discord',
    defaultUrls: [DEFAULT_BASE_URL],
    configuredUrls: [settings.baseUrl],
    allowPrivate: settings.allowPrivate,
    timeoutMs: 10_000,
    maxBytes: 256 * 1024,
  });

  async function editOriginal(applicationId: string, token: string, content: string): Promise<EditResult> {
    const redact = createRedactor([token, encodeURIComponent(token)]);
    const body = {
      content,
      allowed_mentions: { parse: [] },
    } satisfies RESTPatchAPIInteractionOriginalResponseJSONBody;
    const url = `${settings.baseUrl}/webhooks/${encodeURIComponent(applicationId)}/${encodeURIComponent(token)}/messages/@original`;
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        response = await fetcher.fetch({
          url,
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          policy,
          redact,
        });
      } catch (error) {
        return { status: 'failed', reason: redact(error instanceof Error ? error.message : String(error)) };
      }
      if (response.status >= 200 && response.status < 300) return { status: 'edited' };
      const parsed = errorBody(response.text);
      if (response.status === 429 && attempt === 0) {
        const header = Number(response.headers.get('retry-after'));
        const seconds = parsed.retry_after ?? (Number.isFinite(header) ? header : 1);
        await wait(Math.min(seconds, MAX_RETRY_AFTER_S) * 1000);
        continue;
      }
      const what = parsed.message ? `: ${parsed.message}` : '';
      const code = parsed.code !== undefined ? ` (code ${parsed.code})` : '';
      return { status: 'failed', reason: redact(`HTTP ${response.status}${what}${code}`) };
    }
  }

  return { editOriginal, close: () => fetcher.close() };
}
