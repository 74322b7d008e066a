// The US macro series capability, answered by FRED (docs/data-layer.md, "Other data sources": US
// macro series): a series' metadata and its latest
// observations, newest first. Global scope. Series ids are FRED's own (CPIAUCSL, FEDFUNDS, DGS10,
// UNRATE), accepted in any case and sent upper case. `units` is FRED's transformation of the
// values (`lin` levels, the default; `pc1` percent change from a year ago, ...).
// TTL `metadata` (10 min): FRED publishes a series at most once a day.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

/** FRED's value transformations (https://fred.stlouisfed.org/docs/api/fred/series_observations.html#units). */
export const FRED_UNITS = ['lin', 'chg', 'ch1', 'pch', 'pc1', 'pca', 'cch', 'cca', 'log'] as const;

export const fredSeriesIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_]{0,29}$/, 'a FRED series id such as CPIAUCSL, FEDFUNDS, DGS10 or UNRATE')
  .describe('FRED series id, such as CPIAUCSL, FEDFUNDS, DGS10 or UNRATE');

export const macroSeries = defineCapability({
  name: 'macro.series',
  group: 'macro',
  operation: 'series',
  summary:
    'A US macro series (FRED): title, units, frequency, last update, and its latest observations, newest first; a missing observation has no value.',
  scope: 'global',
  params: z
    .object({
      seriesId: fredSeriesIdSchema,
      limit: z.number().int().min(1).max(1_000).default(10).describe('observations (1 to 1,000, default 10)'),
      units: z
        .enum(FRED_UNITS)
        .default('lin')
        .describe(
          'lin levels (default), chg, ch1, pch, pc1 (percent change from a year ago), pca, cch, cca, log',
        ),
    })
    .strict(),
  ttl: 'metadata',
});

export const FRED_CAPABILITIES = [macroSeries] as const;
