// The holder pass (docs/public-api.md, "Holder pass"): a compact JWS (HS256, signed with the key
// derived from PKG_PASS_SECRET) whose subject is the holder's checksummed address, valid 24 hours.
// The browser keeps it; the server keeps nothing and verifies it on every request that sends it.
// Any pass that does not verify (another key, a changed character, another algorithm, expired,
// a claim missing) is PASS_INVALID.
import { HOLDER_PASS, RegistryError } from '@pkg/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { getAddress, isAddress } from 'viem';
import type { AiDeps } from '../ai/ai-deps.js';

/** A pass that verified: the holder's checksummed address and when the pass expires. */
export interface VerifiedPass {
  address: `0x${string}`;
  expiresAt: Date;
}

const ISSUER = 'pkg';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function signPass(
  deps: Pick<AiDeps, 'clock' | 'passKeys'>,
  address: `0x${string}`,
): Promise<{ pass: string; expiresAt: Date }> {
  const issuedAt = seconds(deps.clock());
  const expiresAt = new Date((issuedAt + HOLDER_PASS.passTtlMs / 1000) * 1000);
  const pass = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(getAddress(address))
    .setIssuer(ISSUER)
    .setAudience(HOLDER_PASS.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(seconds(expiresAt))
    .sign(deps.passKeys.pass);
  return { pass, expiresAt };
}

/** Why a pass was refused, in words (never the pass or the key). */
function why(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not match';
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return 'it is not signed with HS256';
  if (error instanceof errors.JWTClaimValidationFailed) return `its ${error.claim} claim is not valid`;
  return 'it is malformed';
}

const invalid = (reason: string) =>
  new RegistryError('PASS_INVALID', `The holder pass is not valid (${reason}); sign in again.`);

/** Throws PASS_INVALID for a forged, altered or expired pass. */
export async function verifyPass(
  deps: Pick<AiDeps, 'clock' | 'passKeys'>,
  pass: string,
): Promise<VerifiedPass> {
  let payload;
  try {
    ({ payload } = await jwtVerify(pass, deps.passKeys.pass, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: HOLDER_PASS.audience,
      currentDate: deps.clock(),
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    throw invalid(why(error));
  }
  const { sub, exp } = payload;
  if (typeof sub !== 'string' || !isAddress(sub, { strict: true }) || typeof exp !== 'number')
    throw invalid('its subject is not an address');
  return { address: getAddress(sub), expiresAt: new Date(exp * 1000) };
}
