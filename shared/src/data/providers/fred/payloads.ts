// FRED responses (file_type=json), from https://fred.stlouisfed.org/docs/api/fred/series.html
// (`{realtime_start, realtime_end, seriess: [...]}`), .../series_observations.html (`observations`
// with string `value`, "." for a missing one) and .../errors.html (`{error_code, error_message}`,
// sent with `Content-Type: text/xml;charset=utf-8` even for the JSON body). Only what the layer
// reads is validated; members FRED documents as optional (`notes`) or may leave out are optional.
import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();

/** GET /fred/series: the series' metadata (one entry in `seriess`). */
export const seriesSchema = z.looseObject({
  seriess: z.array(
    z.looseObject({
      id: z.string(),
      title: str,
      observation_start: str,
      observation_end: str,
      frequency: str,
      frequency_short: str,
      units: str,
      units_short: str,
      seasonal_adjustment: str,
      last_updated: str,
    }),
  ),
});

/** GET /fred/series/observations: `units` is the transformation, `count` the total; `value` a string. */
export const observationsSchema = z.looseObject({
  units: str,
  count: num,
  observations: z.array(z.looseObject({ date: z.string(), value: str })),
});

/** Error bodies: `{error_code, error_message}`. */
export const errorBodySchema = z.looseObject({ error_code: num, error_message: str });
