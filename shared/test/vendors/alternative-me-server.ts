// Double of alternative.me's Fear & Greed Index API (https://api.alternative.me): `GET /fng/` with
// `limit` (default 1; 0 = all), `format` (`json` default) and `date_format`
// (https://alternative.me/crypto/fear-and-greed-index/, section "API").
// Readings are daily, newest first; `value`, `timestamp` and `time_until_update` are strings, and
// `time_until_update` is on the newest reading only. Values are illustrative.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  type HttpDouble,
  type QueuedAnswer as SharedQueuedAnswer,
} from './http-double.js';

export interface AlternativeMeCall {
  path: string;
  query: Record<string, string>;
}

/** Answers served in order, one a request, instead of the normal one. */
export type QueuedAnswer = Omit<SharedQueuedAnswer, 'match'>;

export interface AlternativeMeDouble extends HttpDouble {
  calls: AlternativeMeCall[];
  failNext: QueuedAnswer[];
  /** The next answers carry this `metadata.error` (and no data). */
  metadataError: string | undefined;
  /** `data` is an empty list. */
  empty: boolean;
  /** The newest reading leaves out `value_classification` (a member not sent). */
  unclassified: boolean;
  reset: () => void;
}

/** The newest reading's day: 2026-10-01 00:00 UTC, in unix seconds. */
export const FNG_NEWEST_DAY = Date.UTC(2026, 9, 1) / 1000;
const DAY = 86_400;
const VALUES = [47, 38, 22, 61, 80, 55, 12, 49, 50, 74];

export function classify(value: number): string {
  if (value <= 24) return 'Extreme Fear';
  if (value <= 46) return 'Fear';
  if (value <= 54) return 'Neutral';
  if (value <= 75) return 'Greed';
  return 'Extreme Greed';
}

// GET /fng/?limit=N — "Fear & Greed Index" endpoint of the API section
// (https://alternative.me/crypto/fear-and-greed-index/): `{ name, data: [...], metadata: { error } }`.
function readings(limit: number, unclassified: boolean) {
  const count = limit === 0 ? VALUES.length : Math.min(limit, VALUES.length);
  return VALUES.slice(0, count).map((value, i) => {
    const reading: Record<string, string> = {
      value: String(value),
      value_classification: classify(value),
      timestamp: String(FNG_NEWEST_DAY - i * DAY),
    };
    if (i === 0) {
      reading.time_until_update = '25675';
      if (unclassified) delete reading.value_classification;
    }
    return reading;
  });
}

export async function startAlternativeMeServer(): Promise<AlternativeMeDouble> {
  const ref: { self?: AlternativeMeDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const double = ref.self as AlternativeMeDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const query = Object.fromEntries(url.searchParams);
    double.calls.push({ path: url.pathname, query });
    const queued = double.failNext.shift();
    if (queued) return sendQueued(res, queued);
    if (url.pathname !== '/fng/' || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<html><body>404 Not Found</body></html>');
    }
    const name = 'Fear and Greed Index';
    if (double.metadataError !== undefined)
      return sendJson(res, 200, { name, data: [], metadata: { error: double.metadataError } });
    const limit = query.limit === undefined ? 1 : Number(query.limit);
    const data = double.empty
      ? []
      : readings(Number.isInteger(limit) && limit >= 0 ? limit : 1, double.unclassified);
    return sendJson(res, 200, { name, data, metadata: { error: null } });
  });
  const double: AlternativeMeDouble = Object.assign(http, {
    calls: [] as AlternativeMeCall[],
    failNext: [] as QueuedAnswer[],
    metadataError: undefined as string | undefined,
    empty: false,
    unclassified: false,
    reset: () => {
      double.calls.length = 0;
      double.failNext.length = 0;
      double.metadataError = undefined;
      double.empty = false;
      double.unclassified = false;
    },
  });
  ref.self = double;
  return double;
}
