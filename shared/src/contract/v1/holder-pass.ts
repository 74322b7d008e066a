// The holder pass (docs/public-api.md, "Holder pass"): POST /v1/holder-pass/nonce gives a
// single-use nonce; POST /v1/holder-pass takes an EIP-4361 message signed with `personal_sign`
// and answers a pass, a compact JWS the browser keeps and sends as `Authorization: Bearer`.
import * as z from 'zod';

/** The fixed rules of the sign-in message and the pass. */
export const HOLDER_PASS = {
  /** The chain the message must name (`Chain ID: 4663`). */
  chainId: 4663,
  /** What the message says to the person signing (one line, EIP-4361 statement). */
  statement: 'Sign in to ask questions as a holder. No transaction, no gas, no approval.',
  /** A nonce is good for this long, once. */
  nonceTtlMs: 5 * 60_000,
  /** The message's `Expiration Time` may be at most this far after its `Issued At`. */
  maxMessageLifetimeMs: 10 * 60_000,
  /** How far `Issued At` may be from the server's clock. */
  clockSkewMs: 5 * 60_000,
  /** A pass is valid this long. */
  passTtlMs: 24 * 60 * 60_000,
  /** The pass's audience claim. */
  audience: 'pkg-holder-pass',
  /** Longest accepted message text and signature (smart-contract wallets sign longer). */
  maxMessageChars: 2_000,
  maxSignatureChars: 20_000,
} as const;

export const holderNonceAnswerSchema = z.object({ nonce: z.string(), expiresAt: z.iso.datetime() }).strict();
export type HolderNonceAnswer = z.infer<typeof holderNonceAnswerSchema>;

export const holderPassInputSchema = z
  .object({
    message: z
      .string()
      .min(1, 'the signed EIP-4361 message is required')
      .max(
        HOLDER_PASS.maxMessageChars,
        `a sign-in message is at most ${HOLDER_PASS.maxMessageChars} characters`,
      ),
    signature: z
      .string()
      .max(HOLDER_PASS.maxSignatureChars, 'the signature is too long')
      .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'a signature is 0x followed by hex bytes'),
  })
  .strict();
export type HolderPassInput = z.infer<typeof holderPassInputSchema>;

export const holderPassAnswerSchema = z
  .object({
    /** The pass: a compact JWS holding the address and the expiry. */
    pass: z.string(),
    /** The signer, EIP-55 checksummed. */
    address: z.string(),
    expiresAt: z.iso.datetime(),
    /** The project-token balance read at issuance, in whole tokens (a decimal string). */
    balance: z.string(),
    /** HOLDER_PASS_THRESHOLD, in whole tokens. */
    threshold: z.string(),
  })
  .strict();
export type HolderPassAnswer = z.infer<typeof holderPassAnswerSchema>;
