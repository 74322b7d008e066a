// Hyperliquid info answers, from
// https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/info-endpoint/perpetuals
// ("Retrieve perpetuals asset contexts (includes mark price, current funding, open interest, etc.)"),
// .../info-endpoint/spot ("Retrieve spot asset contexts") and .../info-endpoint ("Retrieve mids
// for all coins"); nullability as in the typed client github.com/nktkas/hyperliquid
// (src/api/info/_methods/_base/commonSchemas.ts `PerpAssetCtxSchema`, `SpotAssetCtxSchema`,
// meta.ts, spotMeta.ts): `midPx`, `premium`, `impactPxs` may be null; `isDelisted`,
// `onlyIsolated`, `marginMode` appear only when set. Every price, size and rate is a decimal
// string. Only what the layer reads is validated; the rest may be anything.
import * as z from 'zod';

const dec = z.string().nullable().optional();
const int = z.number().int().nullable().optional();

/** `meta.universe[i]`: the i-th perpetual (its context is `assetCtxs[i]`; contexts carry no name). */
export const perpUniverseSchema = z.looseObject({
  name: z.string(),
  szDecimals: int,
  maxLeverage: int,
  onlyIsolated: z.boolean().nullable().optional(),
  isDelisted: z.boolean().nullable().optional(),
  marginMode: z.string().nullable().optional(),
});

export const perpAssetCtxSchema = z.looseObject({
  markPx: dec,
  midPx: dec,
  oraclePx: dec,
  prevDayPx: dec,
  dayNtlVlm: dec,
  dayBaseVlm: dec,
  openInterest: dec,
  funding: dec,
  premium: dec,
  impactPxs: z.array(z.string()).nullable().optional(),
});

/**
 * `{"type":"metaAndAssetCtxs"}` (optionally with `dex`): `[meta, assetCtxs]`. A dex Hyperliquid
 * does not know has no documented answer; a JSON `null` is read as "no such dex" (see index.ts).
 */
export const metaAndAssetCtxsSchema = z
  .tuple([
    z.looseObject({
      universe: z.array(perpUniverseSchema),
      collateralToken: int,
    }),
    z.array(perpAssetCtxSchema),
  ])
  .nullable();

export const spotTokenSchema = z.looseObject({
  name: z.string(),
  index: z.number().int(),
  tokenId: z.string().nullable().optional(),
  fullName: z.string().nullable().optional(),
  evmContract: z.looseObject({ address: z.string().nullable().optional() }).nullable().optional(),
});

export const spotUniverseSchema = z.looseObject({
  name: z.string(),
  /** [base token index, quote token index] (token `index`, not array position). */
  tokens: z.array(z.number().int()),
  index: z.number().int(),
  isCanonical: z.boolean().nullable().optional(),
});

export const spotAssetCtxSchema = z.looseObject({
  coin: z.string(),
  markPx: dec,
  midPx: dec,
  prevDayPx: dec,
  dayNtlVlm: dec,
  dayBaseVlm: dec,
  circulatingSupply: dec,
  totalSupply: dec,
});

/** `{"type":"spotMetaAndAssetCtxs"}`: `[spotMeta, ctxs]`; each ctx names its pair in `coin`. */
export const spotMetaAndAssetCtxsSchema = z.tuple([
  z.looseObject({ tokens: z.array(spotTokenSchema), universe: z.array(spotUniverseSchema) }),
  z.array(spotAssetCtxSchema),
]);

/** `{"type":"allMids"}`: coin → mid price (decimal string). */
export const allMidsSchema = z.record(z.string(), z.string());

export type PerpUniverse = z.infer<typeof perpUniverseSchema>;
export type PerpAssetCtx = z.infer<typeof perpAssetCtxSchema>;
export type SpotToken = z.infer<typeof spotTokenSchema>;
