// The issuer's responses, from https://docs.robinhood.com/chain/stock-token-apis/ (known through
// quotations in public code). The layer passes them on
// unnormalized, so only the members it reads are checked and every other member is kept.
import * as z from 'zod';

/** GET /rhj/assets: `{assets: [Asset]}`; an asset has `tokenSymbol` and one deployment per chain. */
export const assetsSchema = z.looseObject({
  assets: z.array(z.looseObject({ tokenSymbol: z.string(), deployments: z.array(z.unknown()) })),
});

/** GET /rhj/prices/{SYMBOL}: `{quotes: [Quote]}`, one quote for the symbol. */
export const quotesSchema = z.looseObject({ quotes: z.array(z.unknown()) });

/** A quote: raw underlying bid and ask as decimal strings (not multiplier-adjusted). */
export const quoteSchema = z.looseObject({ tokenSymbol: z.string(), bid: z.string(), ask: z.string() });

/** gRPC-gateway error bodies: `{code, message}` (code 5 = NOT_FOUND: no such symbol). */
export const errorBodySchema = z.looseObject({
  code: z.number().optional(),
  message: z.string().optional(),
});
