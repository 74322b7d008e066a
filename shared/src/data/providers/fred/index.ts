// FRED, the US macro series source. macro.series asks
// GET /fred/series for the metadata, then GET /fred/series/observations (sort_order=desc,
// `limit`, `units`) for the latest observations, newest first. One after the other, not at once:
// an unknown series costs one request, and FRED's per-key limit is said to refuse bursts.
// "." is FRED's missing value: the observation keeps its date and has no value, never 0.
// `last_updated` ("2013-07-31 09:26:16-05", US Central time with its offset) becomes ISO 8601 UTC.
// Health: the metadata of FEDFUNDS.
import type { z } from 'zod';
import type { macroSeries } from '../../capabilities/fred.js';
import { compact } from '../../compact.js';
import { NotFoundError } from '../../errors/data-errors.js';
import { num } from '../../market/market-values.js';
import type { MacroObservation, MacroSeries } from '../../sources/fred-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { createFredGet } from './http.js';
import { observationsSchema, seriesSchema } from './payloads.js';

type SeriesParams = z.output<typeof macroSeries.params>;

const text = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** FRED's `YYYY-MM-DD HH:MM:SS-05` as ISO 8601 UTC; anything else is absent (never guessed). */
export function fredTime(value: string | null | undefined): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})([+-]\d{2})(?::?(\d{2}))?$/.exec(value?.trim() ?? '');
  if (!m) return undefined;
  const at = Date.parse(`${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}`);
  return Number.isFinite(at) ? new Date(at).toISOString() : undefined;
}

/** An observation value as FRED sent it; ".", blank or not a number is no value. */
function observedValue(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v && v !== '.' && num(v) !== undefined ? v : undefined;
}

export const createFredProvider: ProviderFactory = (endpoint, context) => {
  const get = createFredGet(endpoint, context);

  const metadata = async (seriesId: string) => {
    const answer = await get('/fred/series', { series_id: seriesId }, seriesSchema, `series ${seriesId}`);
    const series = answer.seriess[0];
    if (!series)
      throw new NotFoundError(`FRED has no series ${seriesId}`, { provider: 'fred', redact: context.redact });
    return series;
  };

  return {
    handlers: {
      'macro.series': async (params) => {
        const { seriesId, limit, units } = params as SeriesParams;
        const series = await metadata(seriesId);
        const answer = await get(
          '/fred/series/observations',
          { series_id: seriesId, sort_order: 'desc', limit: String(limit), units },
          observationsSchema,
          `series ${seriesId}`,
        );
        const observations = answer.observations
          .slice(0, limit)
          .map((o) => compact({ date: o.date, value: observedValue(o.value) }) as MacroObservation);
        const data: MacroSeries = compact({
          id: series.id,
          title: text(series.title),
          units: text(series.units),
          unitsShort: text(series.units_short),
          frequency: text(series.frequency),
          frequencyShort: text(series.frequency_short),
          seasonalAdjustment: text(series.seasonal_adjustment),
          lastUpdated: fredTime(series.last_updated),
          observationStart: text(series.observation_start),
          observationEnd: text(series.observation_end),
          transformation: text(answer.units) ?? units,
          count: num(answer.count),
          observations,
        }) as MacroSeries;
        return { data };
      },
    },
    health: async () => {
      const series = await metadata('FEDFUNDS');
      return compact({
        series: series.id,
        title: text(series.title),
        lastUpdated: fredTime(series.last_updated),
      }) as Record<string, unknown>;
    },
  };
};
