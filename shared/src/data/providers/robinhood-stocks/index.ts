// The Robinhood stock-token issuer API: `stocks.list` (GET /rhj/assets) and `stocks.quote`
// (GET /rhj/prices/{SYMBOL}). Payloads are passed through unnormalized: the data of an answer is
// the issuer's JSON as returned (bid/ask are the raw underlying quote, not multiplier-adjusted).
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { ProviderFactory } from '../provider-types.js';
import { createIssuerGet } from './http.js';
import { assetsSchema, quoteSchema, quotesSchema } from './payloads.js';

export const createRobinhoodStocksProvider: ProviderFactory = (endpoint, context) => {
  const get = createIssuerGet(endpoint, context);
  const options = { provider: 'robinhood-stocks', redact: context.redact };
  return {
    handlers: {
      'stocks.list': async () => ({ data: (await get('/assets', assetsSchema)).raw }),
      'stocks.quote': async (params) => {
        const symbol = String(params.symbol);
        const path = `/prices/${encodeURIComponent(symbol)}`;
        const answer = await get(path, quotesSchema, `the issuer lists no stock token ${symbol}`);
        const [first] = answer.checked.quotes;
        if (first === undefined) throw new NoDataError(`the issuer returned no quote for ${symbol}`, options);
        const quote = quoteSchema.safeParse(first);
        if (!quote.success) throw new ProviderError('failure', `/rhj${path}: unexpected quote`, options);
        if (quote.data.tokenSymbol.toUpperCase() !== symbol.toUpperCase())
          throw new ProviderError(
            'failure',
            `/rhj${path}: answered for ${quote.data.tokenSymbol} instead of ${symbol}`,
            options,
          );
        return { data: answer.raw };
      },
    },
    health: async () => {
      const { checked } = await get('/assets', assetsSchema);
      return { assets: checked.assets.length };
    },
  };
};
