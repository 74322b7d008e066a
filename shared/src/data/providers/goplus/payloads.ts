// GoPlus responses, after the vendor's Swagger-generated SDK models
// (github.com/GoPlusSecurity/goplus-sdk-node src/gen/model: ResponseWrapperTokenSecurityResult,
// ResponseWrapperTokenSecurityHolders/LpHolders/Dex/FakeToken, ResponseWrapperAddressContractResult,
// ResponseWrapperListGetChainsListResult, GetAccessTokenResponse) and the pages
// https://docs.gopluslabs.io/reference/tokensecurityusingget_1,
// https://docs.gopluslabs.io/reference/api-overview. Every answer is HTTP 200 with the envelope
// `{code, message, result}`; almost every value is a string, flags are "1"/"0", and a value
// GoPlus could not determine is missing or "".
import * as z from 'zod';

export const envelopeSchema = z.looseObject({
  code: z.number(),
  message: z.string().nullable().optional(),
  result: z.unknown().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export const accessTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().nullable().optional(),
});

const text = z.union([z.string(), z.number()]).nullable().optional();

const lockedDetailSchema = z.looseObject({ amount: text, opt_time: text, end_time: text });
export const holderSchema = z.looseObject({
  address: z.string(),
  tag: text,
  is_contract: text,
  balance: text,
  percent: text,
  is_locked: text,
  locked_detail: z.array(lockedDetailSchema).nullable().optional(),
  NFT_list: z.array(z.record(z.string(), text)).nullable().optional(),
});
export type Holder = z.infer<typeof holderSchema>;

export const tokenSecuritySchema = z.looseObject({
  dex: z
    .array(z.looseObject({ name: text, liquidity: text, pair: text }))
    .nullable()
    .optional(),
  holders: z.array(holderSchema).nullable().optional(),
  lp_holders: z.array(holderSchema).nullable().optional(),
  fake_token: z.looseObject({ true_token_address: text, value: text }).nullable().optional(),
});
export type TokenSecurity = z.infer<typeof tokenSecuritySchema>;

/** `result` of token_security: reports keyed by lower-case contract address. */
export const tokenSecurityResultSchema = z.record(z.string(), z.unknown()).nullable().optional();

export const addressSecuritySchema = z.record(z.string(), text);

export const supportedChainsSchema = z.array(z.looseObject({ id: text, name: text }));
