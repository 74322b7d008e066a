// Blockscout REST v2 responses, from the PRO API OpenAPI (blockscout/docs
// openapi-specs/pro-api-v12.json) and https://docs.blockscout.com/devs/apis/rest. Numbers that
// may pass 2^53 are decimal strings; lists are `{items, next_page_params}`.
import * as z from 'zod';

export const listSchema = z.looseObject({
  items: z.array(z.record(z.string(), z.unknown())),
  next_page_params: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const tokenSchema = z.looseObject({
  address_hash: z.string(),
  name: z.string().nullable().optional(),
  symbol: z.string().nullable().optional(),
  decimals: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  total_supply: z.string().nullable().optional(),
  holders_count: z.string().nullable().optional(),
});

export const tokenBalanceSchema = z.looseObject({
  token: tokenSchema,
  token_id: z.string().nullable().optional(),
  value: z.string(),
});

export const smartContractSchema = z.looseObject({
  name: z.string().nullable().optional(),
  is_verified: z.boolean().nullable().optional(),
  language: z.string().nullable().optional(),
  compiler_version: z.string().nullable().optional(),
  source_code: z.string().nullable().optional(),
  abi: z.array(z.unknown()).nullable().optional(),
});

export const addressSchema = z.looseObject({ hash: z.string() });
export const transactionSchema = z.looseObject({ hash: z.string() });
export const countersSchema = z.record(z.string(), z.unknown());

/** Error bodies: `{message}` from the app, `{error}` from the PRO gateway. */
export const errorBodySchema = z.looseObject({
  message: z.string().optional(),
  error: z.string().optional(),
});
