// Inputs and outputs of the auth and tokens procedures.
import * as z from 'zod';
import { namespaceSchema } from '../names.js';
import { timestampSchema } from '../provenance.js';

export const TOKEN_PREFIX = 'pkg_';
/** `pkg_` + 40 or more base62 characters (docs/registry-api.md). */
export const TOKEN_PATTERN = /^pkg_[A-Za-z0-9]{40,}$/;
export const TOKEN_ID_PATTERN = /^tok_[A-Za-z0-9]{16}$/;
export const MAX_TOKEN_DAYS = 365;

export const userNameSchema = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?$/,
    'a user name is 1 to 39 lowercase letters, digits or hyphens',
  );

export const tokenKindSchema = z.enum(['manage', 'publish']);
export type TokenKind = z.infer<typeof tokenKindSchema>;

export const tokenInfoSchema = z.object({
  id: z.string(),
  kind: tokenKindSchema,
  label: z.string().nullable(),
  /** Namespaces the token may publish to; null means every namespace the user may publish to. */
  namespaces: z.array(z.string()).nullable(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
  lastUsedAt: timestampSchema.nullable(),
  /** The one package a token from the OIDC exchange may publish (docs/publishing.md); absent or null: any. */
  package: z.string().nullable().optional(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

export const whoamiOutputSchema = z.object({
  user: z.string(),
  /** Every namespace the user may publish to (owned or maintained). */
  namespaces: z.array(z.string()),
  owns: z.array(z.string()),
  maintains: z.array(z.string()),
  token: tokenInfoSchema,
});
export type Whoami = z.infer<typeof whoamiOutputSchema>;

export const listTokensOutputSchema = z.object({ tokens: z.array(tokenInfoSchema) });

export const createTokenInputSchema = z.strictObject({
  label: z.string().trim().min(1).max(100).optional(),
  namespaces: z.array(namespaceSchema).min(1).max(100).optional(),
  expiresInDays: z
    .number()
    .int('expiresInDays must be a whole number of days')
    .min(1, 'expiresInDays must be at least 1')
    .max(MAX_TOKEN_DAYS, `expiresInDays must be at most ${MAX_TOKEN_DAYS}`)
    .optional(),
});
export type CreateTokenInput = z.infer<typeof createTokenInputSchema>;
/** The new token: `token` is its value, shown this once and never again. */
export const createTokenOutputSchema = tokenInfoSchema.extend({ token: z.string().regex(TOKEN_PATTERN) });
export type CreatedToken = z.infer<typeof createTokenOutputSchema>;

export const tokenIdInputSchema = z.object({
  id: z.string().regex(TOKEN_ID_PATTERN, 'a token id looks like tok_ followed by 16 letters or digits'),
});
export const revokeTokenOutputSchema = z.object({
  id: z.string(),
  revoked: z.literal(true),
  revokedAt: timestampSchema,
});
