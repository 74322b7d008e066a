// STUB (part A replaces it): sign and verify the holder pass.
import type { AiDeps } from '../ai/ai-deps.js';

/** A pass that verified: the holder's checksummed address and when the pass expires. */
export interface VerifiedPass {
  address: `0x${string}`;
  expiresAt: Date;
}

export async function signPass(
  _deps: AiDeps,
  _address: `0x${string}`,
): Promise<{ pass: string; expiresAt: Date }> {
  throw new Error('not implemented');
}

/** Throws PASS_INVALID for a forged, altered or expired pass. */
export async function verifyPass(_deps: AiDeps, _pass: string): Promise<VerifiedPass> {
  throw new Error('not implemented');
}
