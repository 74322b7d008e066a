// Zerion API responses (JSON:API-like `{links, data}`), from Zerion's OpenAPI
// (`openapi_zerion.yaml`, a copy in github.com/SAK1337/myzerionmcp zerion_mcp_server/) and
// https://developers.zerion.io/reference/listchains, .../getwalletportfolio,
// .../listwalletpositions, .../listwallettransactions; errors per
// https://developers.zerion.io/reference/error-codes. Only what the layer reads is validated;
// members the docs mark nullable (or that live answers leave out) are optional.
import * as z from 'zod';

const num = z.number().nullable().optional();
const str = z.string().nullable().optional();

/** `Quantity`: `{int, decimals, float, numeric}`; the layer reads the decimal string `numeric`. */
const quantitySchema = z.looseObject({ numeric: z.string() });

/** `FungibleImplementation`: `{chain_id, address, decimals}`; `address` is absent for native coins. */
const implementationSchema = z.looseObject({ chain_id: z.string(), address: str });

const fungibleInfoSchema = z.looseObject({
  name: str,
  symbol: str,
  implementations: z.array(implementationSchema).nullable().optional(),
});

const chainRelationshipSchema = z
  .looseObject({ data: z.looseObject({ id: z.string() }).nullable().optional() })
  .nullable()
  .optional();

/** GET /v1/chains/: `Chain` resources; `attributes.external_id` is the chain id in hex ("0x1237"). */
export const chainsSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      attributes: z.looseObject({ external_id: str, name: str }).nullable().optional(),
    }),
  ),
});

/** GET /v1/wallets/{address}/portfolio: `WalletPortfolioAttributes`. */
export const portfolioSchema = z.looseObject({
  data: z.looseObject({
    attributes: z.looseObject({
      positions_distribution_by_type: z.record(z.string(), z.number()).nullable().optional(),
      positions_distribution_by_chain: z.record(z.string(), z.number()).nullable().optional(),
      total: z.looseObject({ positions: num }).nullable().optional(),
      changes: z.looseObject({ absolute_1d: num, percent_1d: num }).nullable().optional(),
    }),
  }),
});

/** GET /v1/wallets/{address}/positions/: `WalletPositionContainer` items. */
export const positionsSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      attributes: z.looseObject({
        name: str,
        position_type: str,
        protocol: str,
        quantity: quantitySchema,
        value: num,
        price: num,
        changes: z.looseObject({ percent_1d: num }).nullable().optional(),
        fungible_info: fungibleInfoSchema.nullable().optional(),
        updated_at: str,
      }),
      relationships: z.looseObject({ chain: chainRelationshipSchema }).nullable().optional(),
    }),
  ),
});

/** `Transfer`: fungible or NFT, direction in/out/self, quantity, value in the requested currency. */
const transferSchema = z.looseObject({
  fungible_info: fungibleInfoSchema.nullable().optional(),
  nft_info: z.looseObject({ contract_address: str }).nullable().optional(),
  direction: z.string(),
  quantity: quantitySchema,
  value: num,
});

/** GET /v1/wallets/{address}/transactions/: `WalletTransactionContainer` items and `links.next`. */
export const transactionsSchema = z.looseObject({
  links: z.looseObject({ next: str }).nullable().optional(),
  data: z.array(
    z.looseObject({
      attributes: z.looseObject({
        operation_type: str,
        hash: z.string(),
        mined_at_block: num,
        mined_at: str,
        sent_from: str,
        sent_to: str,
        status: str,
        fee: z.looseObject({ value: num }).nullable().optional(),
        transfers: z.array(transferSchema).nullable().optional(),
      }),
      relationships: z.looseObject({ chain: chainRelationshipSchema }).nullable().optional(),
    }),
  ),
});

/** Error bodies of every status: `{errors: [{title, detail}]}`. */
export const errorBodySchema = z.looseObject({
  errors: z.array(z.looseObject({ title: str, detail: str })).optional(),
});
