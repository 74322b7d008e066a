// GET /v1/wallet/:address (docs/public-api.md): a wallet's token holdings, a USD value only where
// a price source lists the token (else absent, never 0), and its recent token transfers; each a
// section. Browser-safe: zod only.
import * as z from 'zod';
import { sectionSchema } from './sections.js';

/** The price of one holding: its source and time, or why there is none. */
export const holdingPriceSchema = z
  .object({
    priceUsd: z.string(),
    /** When the price source last updated the price. */
    updatedAt: z.string().optional(),
  })
  .strict();
export type HoldingPrice = z.infer<typeof holdingPriceSchema>;

/** A token's name, symbol and decimals, when the balances source did not send them. */
export const holdingMetadataSchema = z
  .object({
    name: z.string().optional(),
    symbol: z.string().optional(),
    decimals: z.number().int().optional(),
  })
  .strict();
export type HoldingMetadata = z.infer<typeof holdingMetadataSchema>;

export const holdingSchema = z
  .object({
    /** The token contract. */
    token: z.string(),
    name: z.string().optional(),
    symbol: z.string().optional(),
    decimals: z.number().int().optional(),
    /** The balance in the token's smallest unit, as the source sent it. */
    balance: z.string(),
    /** The balance in whole tokens (a decimal string); absent when the decimals are unknown. */
    amount: z.string().optional(),
    /** For a non-fungible holding, the token id. */
    tokenId: z.string().optional(),
    /** amount × price; absent when no price source lists the token or the decimals are unknown. */
    valueUsd: z.number().optional(),
    /** Present when the name, symbol and decimals were looked up apart from the balances. */
    metadata: sectionSchema(holdingMetadataSchema).optional(),
    price: sectionSchema(holdingPriceSchema),
  })
  .strict();
export type Holding = z.infer<typeof holdingSchema>;

export const holdingListSchema = z
  .object({
    holdings: z.array(holdingSchema),
    /** Sum of the values that are present (absent when none is). */
    valuedUsd: z.number().optional(),
    /** Holdings without a value. */
    unvalued: z.number().int(),
    /** The holdings source stopped before the end of the list. */
    truncated: z.boolean().optional(),
  })
  .strict();
export type HoldingList = z.infer<typeof holdingListSchema>;

export const walletTransferSchema = z
  .object({
    hash: z.string(),
    blockNumber: z.string().optional(),
    timestamp: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    /** `in` to the wallet, `out` from it, `self` both. */
    direction: z.enum(['in', 'out', 'self']).optional(),
    token: z.string().optional(),
    symbol: z.string().optional(),
    /** The amount in the token's smallest unit, as sent. */
    value: z.string().optional(),
    /** The amount in whole tokens; absent when the decimals are unknown. */
    amount: z.string().optional(),
    tokenId: z.string().optional(),
    /** erc20, erc721, erc1155 … as the source names the kind. */
    kind: z.string().optional(),
  })
  .strict();
export type WalletTransfer = z.infer<typeof walletTransferSchema>;

export const v1WalletSchema = z
  .object({
    address: z.string(),
    holdings: sectionSchema(holdingListSchema),
    transfers: sectionSchema(
      z.object({ transfers: z.array(walletTransferSchema), more: z.boolean().optional() }).strict(),
    ),
  })
  .strict();
export type V1Wallet = z.infer<typeof v1WalletSchema>;
