// Double of the FRED API (https://api.stlouisfed.org): GET /fred/series and
// /fred/series/observations with `api_key` and `file_type` in the query, as FRED documents them
// (https://fred.stlouisfed.org/docs/api/fred/series.html, .../series_observations.html). Without
// `file_type=json` FRED answers XML, and so does the double. Errors per
// https://fred.stlouisfed.org/docs/api/fred/errors.html: the status with `{error_code,
// error_message}`, sent with `Content-Type: text/xml;charset=utf-8` as FRED's own example shows;
// a bad key is a 400 about `api_key`, an unknown series a 400 "The series does not exist."
//. Values are illustrative.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  sendQueued,
  startHttpDouble,
  takeQueued,
  type HttpDouble,
  type QueuedAnswer,
} from './http-double.js';

export interface FredCall {
  path: string;
  query: Record<string, string>;
}

export type { QueuedAnswer };

export interface FredDouble extends HttpDouble {
  calls: FredCall[];
  count: (path: RegExp) => number;
  failNext: QueuedAnswer[];
  reset: () => void;
}

const REALTIME = '2026-10-01';
const FRED_ERROR_TYPE = 'text/xml;charset=utf-8';

interface SeriesFixture {
  meta: Record<string, unknown>;
  /** Observations oldest first, per `units` transformation (`lin` always). */
  values: Record<string, [string, string][]>;
}

// GET /fred/series — `{realtime_start, realtime_end, seriess: [series]}` (series.html, "JSON").
// GET /fred/series/observations — observations with string `value`, "." when missing
// (series_observations.html). CPIAUCSL has a missing month; DGS10 a market holiday.
const SERIES: Record<string, SeriesFixture> = {
  CPIAUCSL: {
    meta: {
      id: 'CPIAUCSL',
      realtime_start: REALTIME,
      realtime_end: REALTIME,
      title: 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average',
      observation_start: '1947-01-01',
      observation_end: '2026-08-01',
      frequency: 'Monthly',
      frequency_short: 'M',
      units: 'Index 1982-1984=100',
      units_short: 'Index 1982-1984=100',
      seasonal_adjustment: 'Seasonally Adjusted',
      seasonal_adjustment_short: 'SA',
      last_updated: '2026-09-11 07:38:02-05',
      popularity: 94,
      notes: 'Illustrative notes.',
    },
    values: {
      lin: [
        ['2026-04-01', '330.112'],
        ['2026-05-01', '330.901'],
        ['2026-06-01', '331.455'],
        ['2026-07-01', '.'],
        ['2026-08-01', '332.640'],
      ],
      pc1: [
        ['2026-04-01', '2.71'],
        ['2026-05-01', '2.80'],
        ['2026-06-01', '2.85'],
        ['2026-07-01', '.'],
        ['2026-08-01', '2.91'],
      ],
    },
  },
  FEDFUNDS: {
    meta: {
      id: 'FEDFUNDS',
      realtime_start: REALTIME,
      realtime_end: REALTIME,
      title: 'Federal Funds Effective Rate',
      observation_start: '1954-07-01',
      observation_end: '2026-09-01',
      frequency: 'Monthly',
      frequency_short: 'M',
      units: 'Percent',
      units_short: '%',
      seasonal_adjustment: 'Not Seasonally Adjusted',
      seasonal_adjustment_short: 'NSA',
      last_updated: '2026-10-01 15:17:04-05',
      popularity: 98,
    },
    values: {
      lin: [
        ['2026-07-01', '3.88'],
        ['2026-08-01', '3.88'],
        ['2026-09-01', '3.64'],
      ],
    },
  },
  DGS10: {
    meta: {
      id: 'DGS10',
      realtime_start: REALTIME,
      realtime_end: REALTIME,
      title:
        'Market Yield on U.S. Treasury Securities at 10-Year Constant Maturity, Quoted on an Investment Basis',
      observation_start: '1962-01-02',
      observation_end: '2026-09-30',
      frequency: 'Daily',
      frequency_short: 'D',
      units: 'Percent',
      units_short: '%',
      seasonal_adjustment: 'Not Seasonally Adjusted',
      seasonal_adjustment_short: 'NSA',
      // No offset and an unusual form: not a FRED time the layer can read, so left out.
      last_updated: 'yesterday afternoon',
      popularity: 97,
    },
    values: {
      lin: [
        ['2026-09-04', '4.08'],
        ['2026-09-07', '.'],
        ['2026-09-08', '4.11'],
      ],
    },
  },
  UNRATE: {
    meta: {
      id: 'UNRATE',
      realtime_start: REALTIME,
      realtime_end: REALTIME,
      title: 'Unemployment Rate',
      observation_start: '1948-01-01',
      observation_end: '2026-09-01',
      frequency: 'Monthly',
      frequency_short: 'M',
      units: 'Percent',
      units_short: '%',
      seasonal_adjustment: 'Seasonally Adjusted',
      seasonal_adjustment_short: 'SA',
      last_updated: '2026-10-02 07:44:01-05',
      popularity: 95,
    },
    values: {
      lin: [
        ['2026-08-01', '4.3'],
        ['2026-09-01', '4.4'],
      ],
    },
  },
};

function sendFredError(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': FRED_ERROR_TYPE });
  res.end(JSON.stringify({ error_code: status, error_message: message }));
}

export async function startFredServer(key: string): Promise<FredDouble> {
  const ref: { self?: FredDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const double = ref.self as FredDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    double.calls.push({ path, query });
    const json = query.file_type === 'json';
    // Without file_type=json FRED answers XML (the documented default).
    if (!json) {
      res.writeHead(400, { 'content-type': FRED_ERROR_TYPE });
      return res.end('<error code="400" message="Bad Request.  The double serves file_type=json only."/>');
    }
    // errors.html: 400 "Variable api_key has not been set." / "... is not registered. ...".
    if (!query.api_key) return sendFredError(res, 400, 'Bad Request.  Variable api_key has not been set.');
    if (query.api_key !== key)
      return sendFredError(
        res,
        400,
        'Bad Request.  The value for variable api_key is not registered.  Read https://fred.stlouisfed.org/docs/api/api_key.html for more information.',
      );
    const queued = takeQueued(double.failNext, path);
    if (queued) return sendQueued(res, queued, FRED_ERROR_TYPE);
    if (path !== '/fred/series' && path !== '/fred/series/observations')
      return sendFredError(res, 404, 'Not Found.');
    const fixture = SERIES[query.series_id ?? ''];
    if (!query.series_id) return sendFredError(res, 400, 'Bad Request.  Variable series_id is not set.');
    if (!fixture) return sendFredError(res, 400, 'Bad Request.  The series does not exist.');
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    if (path === '/fred/series') {
      return res.end(
        JSON.stringify({ realtime_start: REALTIME, realtime_end: REALTIME, seriess: [fixture.meta] }),
      );
    }
    const units = query.units ?? 'lin';
    const values = fixture.values[units] ?? fixture.values.lin ?? [];
    const sortOrder = query.sort_order ?? 'asc';
    const limit = Number(query.limit ?? '100000');
    const offset = Number(query.offset ?? '0');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100000)
      return sendFredError(res, 400, 'Bad Request.  Variable limit is not between 1 and 100000.');
    const ordered = sortOrder === 'desc' ? [...values].reverse() : values;
    const page = ordered.slice(offset, offset + limit);
    return res.end(
      JSON.stringify({
        realtime_start: REALTIME,
        realtime_end: REALTIME,
        observation_start: '1600-01-01',
        observation_end: '9999-12-31',
        units,
        output_type: 1,
        file_type: 'json',
        order_by: 'observation_date',
        sort_order: sortOrder,
        count: values.length,
        offset,
        limit,
        observations: page.map(([date, value]) => ({
          realtime_start: REALTIME,
          realtime_end: REALTIME,
          date,
          value,
        })),
      }),
    );
  });
  const self: FredDouble = Object.assign(http, {
    calls: [] as FredCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    failNext: [] as QueuedAnswer[],
    reset() {
      self.calls.length = 0;
      self.failNext.length = 0;
    },
  });
  ref.self = self;
  return self;
}
