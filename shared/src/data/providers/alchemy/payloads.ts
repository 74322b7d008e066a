// Alchemy Token and Transfers API responses, as documented:
// https://www.alchemy.com/docs/data/token-api/token-api-endpoints/alchemy-get-token-balances
// alchemyplatform/docs src/openrpc/alchemy/token-api/token-api.yaml (alchemy_getTokenMetadata)
// alchemyplatform/docs src/openrpc/alchemy/transfers/transfers.yaml (alchemy_getAssetTransfers)
import * as z from 'zod';

export const tokenBalancesSchema = z.looseObject({
  address: z.string(),
  tokenBalances: z.array(
    z.looseObject({
      contractAddress: z.string(),
      tokenBalance: z.string().nullable(),
      error: z.string().nullable().optional(),
    }),
  ),
  pageKey: z.string().optional(),
});

export const tokenMetadataSchema = z.looseObject({
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  decimals: z.number().nullable(),
  logo: z.string().nullable().optional(),
});

export const assetTransferSchema = z.looseObject({
  blockNum: z.string(),
  uniqueId: z.string(),
  hash: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  value: z.number().nullable(),
  asset: z.string().nullable(),
  category: z.string(),
  tokenId: z.string().nullable().optional(),
  rawContract: z.looseObject({
    value: z.string().nullable(),
    address: z.string().nullable(),
    decimal: z.string().nullable(),
  }),
  metadata: z.looseObject({ blockTimestamp: z.string() }).optional(),
});

export const assetTransfersSchema = z.looseObject({
  transfers: z.array(assetTransferSchema),
  pageKey: z.string().optional(),
});
