// Prices over time: a token's USD price (simple price endpoint), a pool's candles and its
// last trades. Empty answers are no listing.
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type {
  Candle,
  CandleSeries,
  MarketTokenRef,
  TokenPrice,
  Trade,
  TradeList,
} from '../../market/market-types.js';
import type { ProviderAnswer } from '../provider-types.js';
import type { GeckoterminalGet } from './http.js';
import { num, str } from '../../market/market-values.js';
import { ohlcvSchema, simplePriceSchema, tradeListSchema } from './payloads.js';

const noData = (message: string) => new NoDataError(message, { provider: 'geckoterminal' });
type Params = Record<string, unknown>;

/** market.tokenPrice: contracts only (`native` is the aggregator's), no request for `native`. */
export async function tokenPrice(
  get: GeckoterminalGet,
  network: string,
  address: string,
): Promise<ProviderAnswer> {
  if (address === 'native')
    throw noData('GeckoTerminal prices token contracts only, not the native currency');
  const doc = await get(`/simple/networks/${network}/token_price/${address}`, simplePriceSchema, {
    include_market_cap: true,
    include_24hr_vol: true,
    include_24hr_price_change: true,
    include_total_reserve_in_usd: true,
  });
  const a = doc.data.attributes;
  const prices = a.token_prices ?? {};
  // Keys are lower-case addresses on EVM networks; base58 keys keep their case.
  const key =
    address in prices ? address : Object.keys(prices).find((k) => k.toLowerCase() === address.toLowerCase());
  const sent = key === undefined ? undefined : prices[key];
  const priceUsd = typeof sent === 'number' ? String(sent) : str(sent);
  if (key === undefined || priceUsd === undefined)
    throw noData(`GeckoTerminal has no price for ${address} on ${network}`);
  const at = a.last_trade_timestamp?.[key];
  const data: TokenPrice = compact({
    network,
    address,
    priceUsd,
    marketCapUsd: num(a.market_cap_usd?.[key]),
    volume24hUsd: num(a.h24_volume_usd?.[key]),
    priceChange24hPct: num(a.h24_price_change_percentage?.[key]),
    liquidityUsd: num(a.total_reserve_in_usd?.[key]),
    updatedAt: typeof at === 'number' && at > 0 ? new Date(at * 1000).toISOString() : undefined,
  }) as TokenPrice;
  return { data };
}

function candle([time, open, high, low, close, volume]: (string | number | null)[]): Candle | undefined {
  const c = { time: num(time), open: num(open), high: num(high), low: num(low), close: num(close) };
  if (Object.values(c).some((v) => v === undefined)) return undefined;
  return compact({ ...c, volume: num(volume) }) as Candle;
}

function tokenRef(t: { address: string; name?: string | null; symbol?: string | null } | null | undefined) {
  return t
    ? (compact({ address: t.address, name: str(t.name), symbol: str(t.symbol) }) as MarketTokenRef)
    : undefined;
}

/** market.ohlcv, parameters already checked (contract/ohlcv-params.ts); candles oldest first. */
export async function ohlcv(get: GeckoterminalGet, network: string, params: Params): Promise<ProviderAnswer> {
  const pool = String(params.pool);
  const timeframe = params.timeframe as CandleSeries['timeframe'];
  const aggregate = Number(params.aggregate);
  const currency = params.currency as CandleSeries['currency'];
  const doc = await get(`/networks/${network}/pools/${pool}/ohlcv/${timeframe}`, ohlcvSchema, {
    aggregate,
    limit: Number(params.limit),
    currency,
    before_timestamp: typeof params.beforeTimestamp === 'number' ? params.beforeTimestamp : undefined,
  });
  const candles = doc.data.attributes.ohlcv_list
    .map(candle)
    .filter((c): c is Candle => c !== undefined)
    // GeckoTerminal lists candles newest first.
    .sort((x, y) => x.time - y.time);
  if (candles.length === 0) throw noData(`GeckoTerminal has no ${timeframe} candles for pool ${pool}`);
  const series: CandleSeries = compact({
    network,
    pool,
    timeframe,
    aggregate,
    currency,
    base: tokenRef(doc.meta?.base),
    quote: tokenRef(doc.meta?.quote),
    candles,
  }) as CandleSeries;
  return { data: series };
}

/** market.trades: the pool's last trades of the past 24 hours, newest first. */
export async function trades(
  get: GeckoterminalGet,
  network: string,
  params: Params,
): Promise<ProviderAnswer> {
  const pool = String(params.pool);
  const doc = await get(`/networks/${network}/pools/${pool}/trades`, tradeListSchema, {
    trade_volume_in_usd_greater_than:
      typeof params.minVolumeUsd === 'number' ? params.minVolumeUsd : undefined,
  });
  if (doc.data.length === 0) throw noData(`GeckoTerminal has no trades of pool ${pool} in the past 24 hours`);
  const list = doc.data.map(({ attributes: t }) => {
    const kind = t.kind === 'buy' || t.kind === 'sell' ? t.kind : undefined;
    return compact({
      blockNumber: t.block_number,
      txHash: t.tx_hash,
      from: str(t.tx_from_address),
      kind,
      volumeUsd: num(t.volume_in_usd),
      fromToken: { address: t.from_token_address, amount: t.from_token_amount },
      toToken: { address: t.to_token_address, amount: t.to_token_amount },
      // A buy receives the token (the `to` side), a sell gives it (the `from` side).
      priceUsd: str(kind === 'buy' ? t.price_to_in_usd : kind === 'sell' ? t.price_from_in_usd : undefined),
      timestamp: t.block_timestamp,
    }) as Trade;
  });
  list.sort((x, y) => Date.parse(y.timestamp) - Date.parse(x.timestamp));
  const data: TradeList = { network, pool, trades: list };
  return { data };
}
