// `equities.news`: GET /company-news between two days (default the last 7, UTC), newest first, cut
// to `limit`; an empty list is Finnhub's answer (no news in the window), returned as such.
import type { z } from 'zod';
import type { equitiesNews } from '../../capabilities/finnhub.js';
import { compact } from '../../compact.js';
import { num } from '../../market/market-values.js';
import type { EquityNews, NewsArticle } from '../../sources/finnhub-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { FinnhubGet } from './http.js';
import { newsSchema } from './payloads.js';
import { text, time, windowOf } from './values.js';

type NewsParams = z.output<typeof equitiesNews.params>;

export function news(get: FinnhubGet): CapabilityHandler {
  return async (params) => {
    const { symbol, limit, ...asked } = params as NewsParams;
    const { from, to } = windowOf(asked.from, asked.to, 'to');
    const list = await get('/company-news', { symbol, from, to }, newsSchema);
    const articles = list
      .map((a) => ({ a, at: num(a.datetime) ?? 0 }))
      .filter(({ a }) => text(a.headline) !== undefined)
      .sort((x, y) => y.at - x.at)
      .slice(0, limit)
      .map(
        ({ a }) =>
          compact({
            id: num(a.id),
            headline: a.headline,
            summary: text(a.summary),
            source: text(a.source),
            url: text(a.url),
            image: text(a.image),
            category: text(a.category),
            related: text(a.related),
            publishedAt: time(a.datetime),
          }) as NewsArticle,
      );
    const data: EquityNews = { symbol, from, to, total: list.length, articles, untrusted: true };
    return { data };
  };
}
