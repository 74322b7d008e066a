// GET /v1/screener (docs/public-api.md): the newest pools on the chain, each with the automated
// security flags of its base token, filterable by liquidity, age and flags. A pool whose flags
// could not be read says so in its own section: it is never "safe" by default. Browser-safe: zod
// only.
import * as z from 'zod';
import { SCREENER_FLAGS, SCREENER_MAX_AGE_HOURS } from '../../schemas/patterns.js';
import { sectionSchema } from './sections.js';

export { SCREENER_FLAGS, SCREENER_MAX_AGE_HOURS };

export const screenerFlagSchema = z.enum(SCREENER_FLAGS);
export type ScreenerFlag = z.infer<typeof screenerFlagSchema>;

/** A tax above this share of a trade (10 %) raises `high-tax`. */
export const HIGH_TAX_FRACTION = 0.1;

const known = new Set<string>(SCREENER_FLAGS);
/** Flag names as the URL sends them: one comma-separated list (empty parts ignored). */
const flagListText = z
  .string()
  .max(500)
  .refine(
    (text) =>
      text
        .split(',')
        .map((f) => f.trim())
        .every((f) => f === '' || known.has(f)),
    { message: `flags are a comma-separated list of: ${SCREENER_FLAGS.join(', ')}` },
  );
/** A list of flags: an array (tRPC, or a repeated query key) or one comma-separated string. */
export const screenerFlagListSchema = z.union([
  z.array(screenerFlagSchema).max(SCREENER_FLAGS.length),
  flagListText,
]);
export type ScreenerFlagList = z.infer<typeof screenerFlagListSchema>;

/** The screener's filters (query string over REST; typed values over tRPC, hence the coercion). */
export const screenerParamsSchema = z
  .object({
    minLiquidityUsd: z.coerce
      .number()
      .min(0, 'minLiquidityUsd is a USD amount, 0 or more')
      .max(1e12)
      .optional()
      .describe('leave out pools with less liquidity (USD), and those whose liquidity is not reported'),
    maxAgeHours: z.coerce
      .number()
      .gt(0, 'maxAgeHours is above 0')
      .max(SCREENER_MAX_AGE_HOURS, `maxAgeHours is at most ${SCREENER_MAX_AGE_HOURS}`)
      .optional()
      .describe('leave out pools created longer ago (hours, up to 48), and those without a creation time'),
    exclude: screenerFlagListSchema
      .optional()
      .describe('keep only pools whose token is known to be clear of every one of these flags'),
    require: screenerFlagListSchema
      .optional()
      .describe('keep only pools whose token is known to carry every one of these flags'),
  })
  .strict();
export type ScreenerParams = z.infer<typeof screenerParamsSchema>;

/** The flags named by a list parameter, each once, in the table's order. */
export function screenerFlagsOf(list: ScreenerFlagList | undefined): ScreenerFlag[] {
  if (list === undefined) return [];
  const named = new Set((Array.isArray(list) ? list : list.split(',')).map((f) => f.trim()));
  return SCREENER_FLAGS.filter((f) => named.has(f));
}

const tokenRefSchema = z
  .object({
    address: z.string(),
    name: z.string().optional(),
    symbol: z.string().optional(),
    decimals: z.number().optional(),
  })
  .strict();

/** A pool as the pool provider listed it; a member it did not return is absent (never 0). */
export const v1PoolSchema = z
  .object({
    network: z.string(),
    address: z.string(),
    dex: z.string().optional(),
    name: z.string().optional(),
    baseToken: tokenRefSchema,
    quoteToken: tokenRefSchema,
    priceUsd: z.string().optional(),
    liquidityUsd: z.number().optional(),
    fdvUsd: z.number().optional(),
    volume24hUsd: z.number().optional(),
    priceChange24hPct: z.number().optional(),
    createdAt: z.string().optional(),
    url: z.string().optional(),
  })
  .strict();
export type V1Pool = z.infer<typeof v1PoolSchema>;

/** The flags of one token: raised, and those the report could not determine (the rest are clear). */
export const tokenFlagsSchema = z
  .object({
    token: z.string(),
    raised: z.array(screenerFlagSchema),
    undetermined: z.array(screenerFlagSchema),
    buyTaxFraction: z.number().optional(),
    sellTaxFraction: z.number().optional(),
    holderCount: z.number().optional(),
  })
  .strict();
export type TokenFlags = z.infer<typeof tokenFlagsSchema>;

export const screenerPoolSchema = v1PoolSchema
  .extend({
    /** The provider that listed the pool. */
    source: z.string(),
    /** Hours since the pool was created, at the answer's time (absent without a creation time). */
    ageHours: z.number().optional(),
    /** The base token's flags, with their own source and time; UNAVAILABLE or ERROR when unread. */
    security: sectionSchema(tokenFlagsSchema),
  })
  .strict();
export type ScreenerPool = z.infer<typeof screenerPoolSchema>;

export const screenerListSchema = z
  .object({
    pools: z.array(screenerPoolSchema),
    /** Pools the provider listed. */
    considered: z.number().int(),
    /** Pools left out, by the filter that left them out. */
    leftOut: z
      .object({
        liquidity: z.number().int(),
        age: z.number().int(),
        flags: z.number().int(),
        unchecked: z.number().int(),
      })
      .strict(),
    /** Distinct base tokens whose flags were asked for, and the most one answer asks for. */
    tokensChecked: z.number().int(),
    checkLimit: z.number().int(),
  })
  .strict();
export type ScreenerList = z.infer<typeof screenerListSchema>;

export const v1ScreenerSchema = z
  .object({
    network: z.string(),
    filters: z
      .object({
        minLiquidityUsd: z.number().optional(),
        maxAgeHours: z.number().optional(),
        exclude: z.array(screenerFlagSchema),
        require: z.array(screenerFlagSchema),
      })
      .strict(),
    pools: sectionSchema(screenerListSchema),
  })
  .strict();
export type V1Screener = z.infer<typeof v1ScreenerSchema>;
