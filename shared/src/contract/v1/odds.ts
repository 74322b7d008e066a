// GET /v1/odds (docs/public-api.md): the prediction-market odds card (docs/website.md, "Odds"):
// open events tagged Fed, open events tagged inflation, and open stock events naming a stock
// token's ticker the issuer lists; each list a section with its own source and time. A price is a
// probability from 0 to 1. Market prices, not a forecast. Browser-safe: zod only.
import * as z from 'zod';
import { sectionSchema } from './sections.js';

export const ODDS_NOTICE = 'Market prices, not a forecast.';

export const oddsOutcomeSchema = z
  .object({ label: z.string(), probability: z.number().min(0).max(1) })
  .strict();

export const oddsEventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string().optional(),
    kind: z.enum(['macro', 'stock']),
    /** The stock token's ticker the event names (stock events). */
    ticker: z.string().optional(),
    /** Mutually exclusive outcomes show the most likely; independent levels those nearest 50 %. */
    shape: z.enum(['most likely', 'nearest 50 %']),
    outcomes: z.array(oddsOutcomeSchema),
    endDate: z.string().optional(),
    volumeUsd: z.number().optional(),
  })
  .strict();
export type OddsEventV1 = z.infer<typeof oddsEventSchema>;

const eventsSchema = z.object({ events: z.array(oddsEventSchema) }).strict();

export const v1OddsSchema = z
  .object({
    /** Open events tagged `fed-rates`. */
    fed: sectionSchema(eventsSchema),
    /** Open events tagged `inflation` (those already under Fed left out). */
    inflation: sectionSchema(eventsSchema),
    /** Open events tagged `stocks` whose title names a ticker the issuer lists as a stock token. */
    stocks: sectionSchema(eventsSchema.extend({ tickers: z.number().int() }).strict()),
    notice: z.literal(ODDS_NOTICE),
  })
  .strict();
export type V1Odds = z.infer<typeof v1OddsSchema>;
