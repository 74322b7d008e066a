// `market.global` (global statistics, /global) and `market.ohlc_history` (a coin's OHLC history,
// /coins/{id}/ohlc, oldest candle first).
import { compact } from '../../compact.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { CoingeckoGet } from './http.js';
import { globalSchema, ohlcSchema } from './payloads.js';
import { isoOfSeconds, noData } from './token-price.js';

export function marketStats(get: CoingeckoGet): Record<string, CapabilityHandler> {
  return {
    'market.global': async () => {
      const d = (await get('/global', globalSchema)).data;
      return {
        data: compact({
          activeCryptocurrencies: d.active_cryptocurrencies,
          markets: d.markets,
          totalMarketCapUsd: d.total_market_cap?.usd,
          totalVolumeUsd: d.total_volume?.usd,
          marketCapPercentage: d.market_cap_percentage,
          marketCapChange24hPct: d.market_cap_change_percentage_24h_usd,
          updatedAt: isoOfSeconds(d.updated_at),
        }),
      };
    },
    'market.ohlc_history': async (params) => {
      const coin = String(params.coin);
      const vsCurrency = String(params.vsCurrency);
      const days = String(params.days);
      const rows = await get(`/coins/${encodeURIComponent(coin)}/ohlc`, ohlcSchema, {
        query: { vs_currency: vsCurrency, days },
      });
      if (rows.length === 0) throw noData(`CoinGecko has no OHLC history of ${coin} in ${vsCurrency}`);
      const candles = [...rows]
        .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
        .map(([time = 0, open, high, low, close]) => ({
          closeTime: new Date(time).toISOString(),
          open,
          high,
          low,
          close,
        }));
      return { data: { coin, vsCurrency, days, candles } };
    },
  };
}
