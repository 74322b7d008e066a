// GET /v1/filings/:symbol (docs/public-api.md): the regulator filings card of a ticker's
// registrant (docs/website.md, "Filings"): current reports with their items labelled, periodic
// and ownership filings with links, insider forms counted over 30 days; one section, UNAVAILABLE
// with the reason `no filer` for a ticker the regulator does not list. Browser-safe: zod only.
import * as z from 'zod';
import { TICKER_PATTERN } from '../../schemas/patterns.js';
import { sectionSchema } from './sections.js';

/** A ticker as exchanges write it: AAPL, BRK.B (BRK-B as the regulator writes it); any case. */
export const v1SymbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(TICKER_PATTERN, 'a ticker is 1 to 6 letters, with a share class such as BRK.B');

export const cardFilingSchema = z
  .object({
    form: z.string(),
    filingDate: z.string(),
    reportDate: z.string().optional(),
    /** 8-K: each item with its plain label (an item the form does not define keeps its number). */
    items: z.array(z.object({ item: z.string(), label: z.string().optional() }).strict()).optional(),
    /** The primary document in the regulator's archive. */
    url: z.string().optional(),
    indexUrl: z.string(),
  })
  .strict();
export type CardFiling = z.infer<typeof cardFilingSchema>;

export const filingsCardSchema = z
  .object({
    cik: z.string(),
    name: z.string().optional(),
    current: z.array(cardFilingSchema),
    periodic: z.array(cardFilingSchema),
    ownership: z.array(cardFilingSchema),
    /** Forms 3, 4 and 5 (and amendments) filed in the last `days` days, counted per form. */
    insider: z
      .object({
        days: z.number().int(),
        total: z.number().int(),
        byForm: z.record(z.string(), z.number().int()),
      })
      .strict(),
  })
  .strict();
export type FilingsCardV1 = z.infer<typeof filingsCardSchema>;

export const v1FilingsSchema = z
  .object({
    symbol: z.string(),
    filings: sectionSchema(filingsCardSchema),
  })
  .strict();
export type V1Filings = z.infer<typeof v1FilingsSchema>;
