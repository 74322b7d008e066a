// The project token's price in each unit a price alert may be set in (docs/bots.md, "Alerts (Telegram)"),
// read as the website reads it (readTokenPrices, GET /v1/token's `price` and `priceUsd`): the pool
// price in its quote token, read on chain, and the USD price, that pool price × the quote token's
// USD price from the price source. Each comes with the words that name its sources; the USD price
// is missing (with the reason) when no source prices the quote token, never made up. Read fresh:
// a check sees the block it asks for.
import { formatPrice, formatUsdPrice, providerName } from '@pkg/shared';
import type { ProjectTokenPoolState } from '@pkg/shared/data';
import type { BotPriceUnit } from '../../../db/models/bot-alert.js';
import { readTokenPrices, served, whyNot } from '../../website/index.js';
import type { BotDeps } from '../bot-deps.js';
import { reasonOf } from '../format/section-line.js';

export interface PriceReading {
  /** The price, exact (a plain decimal string). */
  price: string;
  /** A value in this unit as messages write it: `0.0204082 ETH`, `$48.9612`. */
  show: (value: string) => string;
  /** Where the price comes from, in words. */
  source: string;
}

export type PriceReadings =
  | { ok: false; reason: string }
  | {
      ok: true;
      /** The project token's symbol, as the pool reports it. */
      name: string;
      /** The quote token's symbol as the pool reports it (its address when it has none). */
      quoteSymbol: string;
      /** The block the pool was read at. */
      block: string | undefined;
      quote: PriceReading;
      /** Undefined when no source gives the quote token's USD price; `usdMissing` is the reason. */
      usd: PriceReading | undefined;
      usdMissing: string;
    };

export async function readPriceReadings(deps: BotDeps): Promise<PriceReadings> {
  const prices = await readTokenPrices(deps.website, { fresh: true });
  if (!served(prices.pool)) return { ok: false, reason: whyNot(prices.pool) };
  const state = prices.pool.data as ProjectTokenPoolState;
  if (state.priceInQuote === undefined)
    return { ok: false, reason: 'the pool holds nothing, so it has no price' };
  const quoteSymbol = state.quoteToken.symbol ?? state.quoteToken.address;
  const block = prices.pool.provenance.blockNumber;
  const inQuote = (value: string) => `${formatPrice(value)} ${quoteSymbol}`;
  const quote: PriceReading = {
    price: state.priceInQuote,
    show: inQuote,
    source: block ? `chain pool, block ${block}` : 'chain pool',
  };
  const usdData = prices.priceUsd.data;
  const usdSource = prices.priceUsd.provenance?.source;
  const usd: PriceReading | undefined =
    usdData && usdSource
      ? {
          price: usdData.priceUsd,
          show: (value) => formatUsdPrice(value),
          source: `${inQuote(state.priceInQuote)} on the chain pool${block ? ` at block ${block}` : ''} × ${quoteSymbol} at ${formatUsdPrice(usdData.quoteUsd)} from ${providerName(usdSource)}`,
        }
      : undefined;
  return {
    ok: true,
    name: state.projectToken.symbol ?? 'The project token',
    quoteSymbol,
    block,
    quote,
    usd,
    usdMissing: usd ? '' : reasonOf(prices.priceUsd),
  };
}

/** The reading an alert in `unit` is checked against, if there is one. */
export const readingIn = (readings: Extract<PriceReadings, { ok: true }>, unit: BotPriceUnit) =>
  unit === 'usd' ? readings.usd : readings.quote;
