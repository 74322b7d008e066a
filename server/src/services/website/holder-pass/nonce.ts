// Sign-in nonces of the holder pass (docs/public-api.md, "Holder pass"): random, alphanumeric,
// good for HOLDER_PASS.nonceTtlMs and once. The collection holds the nonce and its expiry only.
import { HOLDER_PASS, RegistryError, type HolderNonceAnswer } from '@pkg/shared';
import { generateSiweNonce } from 'viem/siwe';
import type { AiDeps } from '../ai/ai-deps.js';

export async function issueNonce(deps: Pick<AiDeps, 'clock' | 'models'>): Promise<HolderNonceAnswer> {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(deps.clock().getTime() + HOLDER_PASS.nonceTtlMs);
  await deps.models.HolderNonce.create({ _id: nonce, expiresAt });
  return { nonce, expiresAt: expiresAt.toISOString() };
}

/**
 * Takes the nonce with one atomic delete, so that two sign-ins with the same nonce cannot both
 * pass; an unknown, expired or already used nonce is PASS_REFUSED.
 */
export async function consumeNonce(deps: Pick<AiDeps, 'clock' | 'models'>, nonce: string): Promise<void> {
  const taken = await deps.models.HolderNonce.findOneAndDelete({
    _id: nonce,
    expiresAt: { $gt: deps.clock() },
  }).lean();
  if (!taken) {
    const message = 'The nonce is unknown, expired or already used; ask for a new one and sign again.';
    throw new RegistryError('PASS_REFUSED', message, {
      details: [{ path: 'nonce', code: 'not_accepted', message }],
    });
  }
}
