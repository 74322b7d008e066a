// A Discord API double (docs/bots.md, "Discord"): the calls the bots make to Discord, answered as
// documented. - PUT /api/v10/applications/:app/commands and
// /applications/:app/guilds/:guild/commands:
//   "Bulk Overwrite Global (Guild) Application Commands",
//   https://discord.com/developers/docs/interactions/application-commands ; requires
//   `Authorization: Bot <token>` (https://discord.com/developers/docs/reference#authentication),
//   else 401 {"message":"401: Unauthorized","code":0}; answers the array of application command objects.
// - PATCH /api/v10/webhooks/:app/:token/messages/@original ("Edit Original Interaction Response")
//   and POST /api/v10/webhooks/:app/:token ("Create Followup Message"),
//   https://discord.com/developers/docs/interactions/receiving-and-responding ; no bot token;
//   an unknown application or an expired token → 404 {"message":"Unknown Webhook","code":10015}
//   (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json); answers a message object
//   (https://discord.com/developers/docs/resources/message#message-object).
// - failNext: e.g. rateLimited(0.5) → 429 {"message":"You are being rate limited.","retry_after":0.5,
//   "global":false} with Retry-After and X-RateLimit-* headers
//   (https://discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit).
// Helpers: discordKeys() (an Ed25519 key pair and the signature Discord sends) and
// interactionBody() (an interaction object).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sendJson, sendQueued, startHttpDouble, takeQueued, type QueuedAnswer } from './http-double.js';

export interface DiscordCall {
  method: string;
  /** The path after the origin, e.g. `/api/v10/webhooks/<app>/<token>/messages/@original`. */
  path: string;
  /** The Authorization header as sent (the double checks it; tests assert its presence). */
  authorization: string | undefined;
  /** The JSON body, parsed (undefined when not JSON). */
  body: unknown;
}

export interface DiscordDouble {
  origin: string;
  /** `${origin}/api/v10`: the value of DISCORD_BASE_URL. */
  baseUrl: string;
  calls: DiscordCall[];
  /** Answers served instead of the normal ones, first match first. */
  failNext: QueuedAnswer[];
  /** Interaction tokens that have expired (their webhook answers 404 Unknown Webhook). */
  expiredTokens: Set<string>;
  /** The last command list each scope received (`global` or `guild:<id>`). */
  registered: Map<string, unknown[]>;
  /** Requests received (the refusal tests assert it stays the same). */
  readonly requests: number;
  /** Resolves with the first call (already made or to come) that satisfies `pred`. */
  waitFor: (pred: (call: DiscordCall) => boolean) => Promise<DiscordCall>;
  reset: () => void;
  close: () => Promise<void>;
}

/** A 429 as Discord sends it (retry_after in seconds, a float). */
export function rateLimited(retryAfterS: number, match?: RegExp): QueuedAnswer {
  return {
    ...(match ? { match } : {}),
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: retryAfterS, global: false },
    headers: {
      'retry-after': String(Math.ceil(retryAfterS)),
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': String(retryAfterS),
      'x-ratelimit-bucket': 'a06de2f2c1b6b0d5a2a1d4b1e6b7c8d9',
      'x-ratelimit-scope': 'user',
    },
  };
}

const COMMANDS = /^\/api\/v10\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/;
const EDIT_ORIGINAL = /^\/api\/v10\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/;
const FOLLOW_UP = /^\/api\/v10\/webhooks\/(\d+)\/([^/]+)$/;

let snowflakeSeq = 0n;
/** A snowflake-shaped id (ms since the Discord epoch << 22, plus a counter). */
function snowflake(): string {
  snowflakeSeq += 1n;
  return (((BigInt(Date.now()) - 1420070400000n) << 22n) + (snowflakeSeq % 4096n)).toString();
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export async function startDiscordServer(options: {
  applicationId: string;
  botToken: string;
}): Promise<DiscordDouble> {
  const events = new EventEmitter();
  const state = {
    calls: [] as DiscordCall[],
    failNext: [] as QueuedAnswer[],
    expiredTokens: new Set<string>(),
    registered: new Map<string, unknown[]>(),
  };
  const channelId = snowflake();

  const http = await startHttpDouble((req, text, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const call: DiscordCall = {
      method,
      path,
      authorization: req.headers.authorization,
      body: parseJson(text),
    };
    state.calls.push(call);
    events.emit('call', call);

    const queued = takeQueued(state.failNext, path);
    if (queued) return sendQueued(res, queued);

    const commands = COMMANDS.exec(path);
    if (commands && method === 'PUT') {
      if (req.headers.authorization !== `Bot ${options.botToken}`)
        return sendJson(res, 401, { message: '401: Unauthorized', code: 0 });
      if (commands[1] !== options.applicationId)
        return sendJson(res, 404, { message: 'Unknown Application', code: 10002 });
      if (!Array.isArray(call.body))
        return sendJson(res, 400, {
          message: 'Invalid Form Body',
          code: 50035,
          errors: {
            _errors: [{ code: 'LIST_TYPE_CONVERT', message: 'Only iterables may be used in a ListType' }],
          },
        });
      const guildId = commands[2];
      const list = (call.body as Record<string, unknown>[]).map((c) => ({
        id: snowflake(),
        application_id: options.applicationId,
        version: snowflake(),
        type: 1,
        default_member_permissions: null,
        nsfw: false,
        ...(guildId ? { guild_id: guildId } : {}),
        ...c,
      }));
      state.registered.set(guildId ? `guild:${guildId}` : 'global', list);
      return sendJson(res, 200, list);
    }

    const edit = EDIT_ORIGINAL.exec(path);
    const followUp = FOLLOW_UP.exec(path);
    const hook = (method === 'PATCH' && edit) || (method === 'POST' && followUp) || undefined;
    if (hook) {
      const [, app, token] = hook;
      if (app !== options.applicationId || state.expiredTokens.has(token ?? ''))
        return sendJson(res, 404, { message: 'Unknown Webhook', code: 10015 });
      const body = (call.body ?? {}) as { content?: unknown };
      const now = new Date().toISOString();
      return sendJson(res, 200, {
        id: snowflake(),
        type: method === 'PATCH' ? 20 : 0,
        channel_id: channelId,
        application_id: options.applicationId,
        webhook_id: options.applicationId,
        content: typeof body.content === 'string' ? body.content : '',
        author: {
          id: options.applicationId,
          username: 'PKG Test',
          discriminator: '0000',
          global_name: null,
          avatar: null,
          bot: true,
        },
        attachments: [],
        embeds: [],
        mentions: [],
        mention_roles: [],
        pinned: false,
        mention_everyone: false,
        tts: false,
        timestamp: now,
        edited_timestamp: method === 'PATCH' ? now : null,
        flags: 0,
        components: [],
      });
    }
    return sendJson(res, 404, { message: '404: Not Found', code: 0 });
  });

  return {
    origin: http.origin,
    baseUrl: `${http.origin}/api/v10`,
    get calls() {
      return state.calls;
    },
    get failNext() {
      return state.failNext;
    },
    get expiredTokens() {
      return state.expiredTokens;
    },
    get registered() {
      return state.registered;
    },
    get requests() {
      return http.requests;
    },
    waitFor: (pred) =>
      new Promise<DiscordCall>((resolve) => {
        const made = state.calls.find(pred);
        if (made) return resolve(made);
        const listener = (call: DiscordCall) => {
          if (!pred(call)) return;
          events.off('call', listener);
          resolve(call);
        };
        events.on('call', listener);
      }),
    reset: () => {
      state.calls.length = 0;
      state.failNext.length = 0;
      state.expiredTokens.clear();
      state.registered.clear();
    },
    close: () => http.close(),
  };
}

export interface DiscordKeys {
  /** The application public key as the Developer Portal shows it (64 hex digits). */
  publicKeyHex: string;
  /** The `X-Signature-Ed25519` value Discord sends: the hex signature of timestamp + body. */
  sign: (timestamp: string, body: string | Buffer) => string;
}

/** A fresh Ed25519 key pair standing for the application's. */
export function discordKeys(): DiscordKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The SPKI DER of an Ed25519 key is a 12-byte header and the 32-byte raw key.
  const publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  return {
    publicKeyHex,
    sign: (timestamp, body) =>
      sign(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), Buffer.from(body)]), privateKey).toString(
        'hex',
      ),
  };
}

export interface InteractionUser {
  id?: string;
  username: string;
  global_name?: string | null;
}

/**
 * An interaction object as Discord posts it
 * (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object):
 * type 1 PING or 2 APPLICATION_COMMAND with `data.name` and STRING options; in a guild (member.user)
 * unless `dm` (user).
 */
export function interactionBody(input: {
  type: number;
  name?: string;
  options?: { name: string; value: string | number | boolean; type?: number }[];
  user?: InteractionUser;
  dm?: boolean;
  applicationId?: string;
  token?: string;
  channelId?: string;
}): Record<string, unknown> {
  const id = snowflake();
  const user = {
    id: input.user?.id ?? '900000000000000001',
    username: input.user?.username ?? 'ada',
    global_name: input.user && 'global_name' in input.user ? input.user.global_name : 'Ada',
    discriminator: '0',
    avatar: null,
  };
  const token =
    input.token ?? Buffer.from(`interaction:${id}:${randomBytes(48).toString('hex')}`).toString('base64url');
  const base: Record<string, unknown> = {
    id,
    application_id: input.applicationId ?? '1300000000000000001',
    type: input.type,
    version: 1,
    token,
    locale: 'en-US',
    app_permissions: '2248473465835073',
    entitlements: [],
    authorizing_integration_owners: {},
  };
  if (input.type === 1) return { ...base, user };
  return {
    ...base,
    channel_id: input.channelId ?? '1100000000000000002',
    context: input.dm ? 1 : 0,
    ...(input.dm
      ? { user }
      : {
          guild_id: '1100000000000000001',
          guild_locale: 'en-US',
          member: {
            user,
            roles: [],
            permissions: '2248473465835073',
            nick: null,
            joined_at: '2026-01-01T00:00:00.000Z',
          },
        }),
    data: {
      id: '1300000000000000100',
      name: input.name ?? 'help',
      type: 1,
      ...(input.options
        ? { options: input.options.map((o) => ({ name: o.name, type: o.type ?? 3, value: o.value })) }
        : {}),
    },
  };
}
