// Configuration from environment variables, validated with zod. A bad value stops the
// server with a message naming the variable, never with a stack trace.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OIDC_PLATFORMS, parseSigningKey, type OidcPlatform } from '@pkg/shared';
import { projectTokenConfigSchema, type ProjectTokenConfig } from '@pkg/shared/data';
import { z } from 'zod';
import { MongoUriError, parseMongoUri } from './db/mongodb-uri.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const portSchema = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be an integer')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** An accepted OIDC issuer: its platform (the claims matched) and URL, without trailing slash. */
export interface OidcIssuerSetting {
  platform: OidcPlatform;
  issuer: string;
}

function parseOidcIssuer(entry: string): OidcIssuerSetting | string {
  const [platform = '', url = ''] = entry.split(/=(.*)/s).map((s) => s.trim());
  if (!(OIDC_PLATFORMS as readonly string[]).includes(platform))
    return `names an unknown platform "${platform}" (known: ${OIDC_PLATFORMS.join(', ')})`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `must list platform=issuerURL pairs; "${url}" is not a URL`;
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash || parsed.username)
    return `"${url}" must be an http(s) URL without query, fragment or credentials`;
  return { platform: platform as OidcPlatform, issuer: url.replace(/\/+$/, '') };
}

function parseOidcIssuers(value: string, ctx: z.RefinementCtx): OidcIssuerSetting[] {
  const out: OidcIssuerSetting[] = [];
  if (value.trim() === 'off') return out;
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const parsed = parseOidcIssuer(entry);
    if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    else if (!out.some((i) => i.issuer === parsed.issuer)) out.push(parsed);
  }
  return out;
}

export const configSchema = z.object({
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: portSchema.default(8787),
  /** Its database: the URI's path, else `pkg` (db/mongodb-uri.ts). */
  MONGODB_URI: z
    .string()
    .superRefine((uri, ctx) => {
      try {
        parseMongoUri(uri);
      } catch (error) {
        if (!(error instanceof MongoUriError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.reason });
      }
    })
    .optional(),
  /** How long a database operation waits for a reachable server before 503 STORAGE_UNAVAILABLE. */
  MONGODB_SERVER_SELECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  PKG_DATA_DIR: z.string().min(1, 'must not be empty').default('./.pkg-data'),
  /** Local copies of artifacts in front of GridFS; default: artifact-cache under PKG_DATA_DIR. */
  PKG_ARTIFACT_CACHE_DIR: z.string().min(1, 'must not be empty').optional(),
  /** Disk budget of those copies in MiB; 0 streams every download from GridFS. */
  PKG_ARTIFACT_CACHE_MB: z.coerce
    .number({ error: 'must be a whole number of MiB' })
    .int('must be a whole number of MiB')
    .min(0, 'must be 0 or more')
    .default(1024),
  PKG_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /**
   * The registry's Ed25519 signing key, PKCS#8 PEM or the base64 of its DER (docs/trust.md,
   * "Keys"); unset, $PKG_DATA_DIR/signing-key.pem, created on the first start. Never printed.
   */
  PKG_SIGNING_KEY: z
    .string()
    .refine((v) => {
      try {
        parseSigningKey(v);
        return true;
      } catch {
        return false;
      }
    }, 'must be an Ed25519 private key in PKCS#8 (PEM, or the base64 of its DER on one line)')
    .optional(),
  /** The log's origin, the first line of its checkpoints; default the host of PKG_BASE_URL and /log. */
  PKG_LOG_ORIGIN: z
    .string()
    .regex(/^[^\s+]{1,200}$/, 'must be one word without spaces or "+", such as registry.example.com/log')
    .optional(),
  PKG_ADMIN_CONTACT: z.string().min(1).default('the operator of this registry (pkg-admin)'),
  PKG_WEB_DIR: z.string().min(1).default(path.resolve(here, '../../web/dist')),
  PKG_RESERVED_NAMESPACES: z
    .string()
    .default('pkg,official')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?$/, 'must list namespaces separated by commas'),
      ),
    ),
  /** Requests a minute per client on public routes; 0 disables the limit. */
  PKG_RATE_LIMIT_PUBLIC: z.coerce.number().int().min(0).default(600),
  /** Publishes a minute per user; 0 disables the limit. */
  PKG_RATE_LIMIT_PUBLISH: z.coerce.number().int().min(0).default(60),
  /** Requests a minute per client on `/v1`; 0 disables the limit. */
  PKG_RATE_LIMIT_V1: z.coerce.number().int().min(0).default(120),
  /** The origin browsers may call `/v1` from; default the server's own (docs/public-api.md). */
  PKG_SITE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
    .transform((v) => new URL(v).origin)
    .optional(),
  /** Project tokens (whole tokens) a wallet must hold for the holder pass (docs/public-api.md). */
  HOLDER_PASS_THRESHOLD: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of tokens')
    .default('100000')
    .transform((v) => BigInt(v)),
  /** Signs holder passes; unset, a random key is created once in PKG_DATA_DIR and kept. */
  PKG_PASS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Model calls a day per visitor across the AI endpoints (Ask, explainer); 0 disables the limit. */
  PKG_AI_DAILY_LIMIT: z.coerce.number().int().min(0).default(100),
  // The bots (docs/bots.md): Telegram webhook, Discord interactions, alert schedules.
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token as BotFather gives it (<id>:<secret>)')
    .optional(),
  /** The secret Telegram sends in X-Telegram-Bot-Api-Secret-Token (1–256 of A-Z a-z 0-9 _ -). */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -')
    .optional(),
  TELEGRAM_WEBHOOK_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]{1,200}$/, 'must be a path such as /telegram/webhook')
    .default('/telegram/webhook'),
  TELEGRAM_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://api.telegram.org'),
  /**
   * The name of the project-token command (`/coin`): lowercase letters, digits and _ (both
   * platforms). That it names no other command is the bots' check, against their command table
   * (wing-deps.ts, botSettings).
   */
  BOT_COIN_COMMAND: z
    .string()
    .regex(/^[a-z0-9_]{1,32}$/, 'must be 1 to 32 lowercase letters, digits or _')
    .default('coin'),
  /** The application's Ed25519 public key, 64 hex digits (Developer Portal, General Information). */
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hex digits of the application public key')
    .optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{5,25}$/, 'must be the numeric application id')
    .optional(),
  DISCORD_BOT_TOKEN: z.string().min(20, 'must be the bot token of the application').optional(),
  DISCORD_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://discord.com/api/v10'),
  /** Seconds between price, whale and burn checks. */
  PKG_ALERT_INTERVAL_S: z.coerce.number().int().min(1).max(86_400).default(120),
  /** Seconds between radar checks. */
  PKG_RADAR_INTERVAL_S: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Seconds a scheduler leader's lease lasts without renewal. */
  PKG_LEASE_S: z.coerce.number().int().min(2).max(3_600).default(30),
  /**
   * The CI issuers whose OIDC ID tokens the exchange accepts (docs/publishing.md): comma-separated
   * `platform=issuerURL`; the platform picks the claims matched. An issuer on a loopback or
   * private address is reached only with PKG_NET_ALLOW_PRIVATE=1. `off`: no exchange.
   */
  PKG_OIDC_ISSUERS: z
    .string()
    .default('github=https://token.actions.githubusercontent.com,gitlab=https://gitlab.com')
    .transform((v, ctx) => parseOidcIssuers(v, ctx)),
  /** The `aud` an ID token must carry; default the origin of PKG_BASE_URL, else http://HOST:PORT. */
  PKG_OIDC_AUDIENCE: z.string().trim().min(1, 'must not be empty').max(300).optional(),
  /** Failed authentications per window before the client is blocked. */
  PKG_AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  PKG_AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  PKG_AUTH_BLOCK_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Express `trust proxy`: unset trusts no proxy, so the client is the socket's address. */
  PKG_TRUST_PROXY: z.string().optional(),
  /**
   * How far the JavaScript heap may grow past what a full collection left alive before the next
   * one, in percent (V8's --heap-growing-percent). 0 keeps V8's own heuristics, which under
   * sustained load let the heap reach about four times its live size.
   */
  PKG_HEAP_GROWING_PERCENT: z.coerce
    .number({ error: 'must be a whole number of percent' })
    .int('must be a whole number of percent')
    .min(0, 'must be between 0 and 400')
    .max(400, 'must be between 0 and 400')
    .default(50),
  /**
   * Milliseconds between two writes of the downloads counted in memory (docs/registry-api.md,
   * "Download counts"): what a crash of the process can lose at most.
   */
  PKG_DOWNLOADS_FLUSH_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be between 100 and 3600000')
    .max(3_600_000, 'must be between 100 and 3600000')
    .default(5_000),
  /** `off` counts no download: only the bench's comparison of a download with and without counting. */
  PKG_DOWNLOADS_COUNT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /**
   * The bearer token of GET /metrics on a server that listens on an address other than loopback
   * (docs/operator.md, "Metrics"): unset there, /metrics is off. Never printed.
   */
  PKG_METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 printable characters without spaces')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Milliseconds between a shutdown signal and closing the listener (docs/operator.md,
   * "Readiness and liveness"): GET /ready answers 503 meanwhile while requests are still served,
   * so that a load balancer stops sending before connections are refused.
   */
  PKG_SHUTDOWN_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be between 0 and 600000')
    .max(600_000, 'must be between 0 and 600000')
    .default(0),
});

/**
 * The server's configuration: its own variables, and the project token's (PROJECT_TOKEN_ADDRESS,
 * PROJECT_TOKEN_POOL, UNISWAP_V4_POOL_MANAGER, UNISWAP_V4_STATE_VIEW, PROJECT_DEV_WALLETS,
 * PROJECT_BURN_ADDRESSES), parsed into `projectToken`: unset, every token answer is UNAVAILABLE
 * naming the variable.
 */
export type Config = z.infer<typeof configSchema> & { projectToken: ProjectTokenConfig };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Variables whose values are never repeated in an error (credentials, keys, the store's URI). */
const SECRET_VARIABLE = /^MONGODB_URI$|SECRET|_KEY$|_TOKEN$|PASSWORD/;

/** Parse the environment; throws ConfigError naming every bad variable, never a secret's value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(input);
  const token = projectTokenConfigSchema.safeParse(input);
  if (parsed.success && token.success) return { ...parsed.data, projectToken: token.data };
  const issues = [...(parsed.error?.issues ?? []), ...(token.error?.issues ?? [])];
  throw invalidConfiguration(
    issues.map((issue) => ({ name: String(issue.path[0] ?? 'environment'), message: issue.message })),
    input,
  );
}

/**
 * The ConfigError naming each bad variable and its problem, with the value it was given (`values`)
 * unless it is a secret. Also thrown for a setting a part checks itself (botSettings).
 */
export function invalidConfiguration(
  problems: readonly { name: string; message: string }[],
  values: Readonly<Record<string, unknown>>,
): ConfigError {
  const lines = problems.map(({ name, message }) => {
    const value = values[name];
    const got = typeof value === 'string' && !SECRET_VARIABLE.test(name) ? ` (got "${value}")` : '';
    return `  ${name} ${message}${got}`;
  });
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
