// Finnhub, the US equities source, one handler per file: equities.quote (GET /quote),
// equities.profile (GET /stock/profile2), equities.news (GET /company-news) and
// equities.earnings (GET /calendar/earnings); values.ts reads Finnhub's members and day windows.
// Health: GET /stock/market-status?exchange=US (whether the US market is open).
import { compact } from '../../compact.js';
import type { ProviderFactory } from '../provider-types.js';
import { earnings } from './earnings.js';
import { createFinnhubGet } from './http.js';
import { news } from './news.js';
import { marketStatusSchema } from './payloads.js';
import { profile } from './profile.js';
import { quote } from './quote.js';
import { text, time } from './values.js';

export const createFinnhubProvider: ProviderFactory = (endpoint, context) => {
  const get = createFinnhubGet(endpoint, context);
  return {
    handlers: {
      'equities.quote': quote(get),
      'equities.profile': profile(get),
      'equities.news': news(get),
      'equities.earnings': earnings(get),
    },
    health: async () => {
      const status = await get('/stock/market-status', { exchange: 'US' }, marketStatusSchema);
      return compact({
        exchange: text(status.exchange),
        isOpen: status.isOpen ?? undefined,
        session: text(status.session),
        holiday: text(status.holiday),
        time: time(status.t),
      }) as Record<string, unknown>;
    },
  };
};
