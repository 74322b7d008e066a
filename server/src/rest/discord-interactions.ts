// POST /discord/interactions (docs/bots.md, "Discord"): Discord's slash commands. The signature
// headers are checked before the body is read, the Ed25519 signature over the raw bytes before
// they are parsed: a refusal is 401 and nothing else happens. express.raw is this route's only
// body parser (the app's JSON parser comes later). A deferred answer (type 5) is edited into the
// original message when it is ready; the pending edits are kept so that shutdown and tests can
// wait for them (`settled()`).
import { RegistryError } from '@pkg/shared';
import { InteractionResponseType, type APIInteractionResponse } from 'discord-api-types/v10';
import express, { Router, type Request, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { createDiscordApi } from '../infra/discord/discord-api.js';
import { discordPublicKey, signatureHeadersValid, verifyInteraction } from '../infra/discord/ed25519.js';
import { handleInteraction } from '../services/bots/discord-interaction.js';

const PATH = '/discord/interactions';
/** An interaction token is valid 15 minutes: an answer later than this is dropped. */
const GIVE_UP_MS = 14 * 60_000;

export type DiscordInteractionRouter = Router & {
  /** Resolves when every deferred edit started so far has been sent (or given up). */
  settled: () => Promise<void>;
};

function refuse(req: Request): never {
  req.log.warn({ path: req.path, reason: 'signature' }, 'discord interaction refused');
  throw new RegistryError('UNAUTHENTICATED', 'The request signature is missing or invalid.');
}

export function discordInteractionRoutes(deps: AppDeps): DiscordInteractionRouter {
  const router = Router();
  const publicKeyHex = deps.config.DISCORD_PUBLIC_KEY;
  const key = publicKeyHex ? discordPublicKey(publicKeyHex) : undefined;
  const bots = deps.bots;
  const api = createDiscordApi(
    { baseUrl: deps.config.DISCORD_BASE_URL, allowPrivate: deps.allowPrivateNetwork },
    bots.wait,
  );
  const pending = bots.pendingEdits;

  const checkHeaders: RequestHandler = (req, _res, next) => {
    if (!key)
      throw new RegistryError(
        'NOT_CONFIGURED',
        'The Discord interactions endpoint is not configured: set DISCORD_PUBLIC_KEY.',
      );
    if (!signatureHeadersValid(req.get('x-signature-timestamp'), req.get('x-signature-ed25519'))) refuse(req);
    next();
  };

  function editLater(applicationId: string, token: string, text: Promise<string>): void {
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), GIVE_UP_MS);
      timer.unref();
    });
    const job = Promise.race([text, giveUp])
      .then(async (content) => {
        if (content === undefined) {
          bots.log.warn({ path: PATH }, 'discord answer not ready within the interaction token lifetime');
          return;
        }
        const result = await api.editOriginal(applicationId, token, content);
        if (result.status === 'failed')
          bots.log.warn({ path: PATH, reason: result.reason }, 'discord edit of the deferred answer failed');
      })
      .catch((error: unknown) => bots.log.error({ err: error, path: PATH }, 'discord deferred answer failed'))
      .finally(() => {
        clearTimeout(timer);
        pending.delete(job);
      });
    pending.add(job);
  }

  router.post(PATH, checkHeaders, express.raw({ type: '*/*', limit: '64kb' }), async (req, res) => {
    const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const timestamp = req.get('x-signature-timestamp') ?? '';
    const signature = req.get('x-signature-ed25519') ?? '';
    if (!key || !verifyInteraction(key, timestamp, raw, signature)) refuse(req);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new RegistryError('BAD_REQUEST', 'The request body is not valid JSON.');
    }
    const outcome = await handleInteraction(bots, body);
    if ('now' in outcome) {
      res.json(outcome.now);
      return;
    }
    const deferred: APIInteractionResponse = {
      type: InteractionResponseType.DeferredChannelMessageWithSource,
    };
    res.json(deferred);
    editLater(outcome.applicationId, outcome.token, outcome.defer);
  });

  return Object.assign(router, {
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  });
}
