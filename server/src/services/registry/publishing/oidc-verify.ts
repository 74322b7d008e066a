// Verifies a CI job's OIDC ID token (docs/publishing.md, "What is verified and recorded"): the issuer is one of
// PKG_OIDC_ISSUERS, the algorithm is an asymmetric one the issuer announces, the key is in the
// issuer's JWKS, the signature verifies, `iss` matches exactly, `aud` is PKG_OIDC_AUDIENCE, and
// `exp` and `nbf` hold at the registry's clock (60 s of tolerance). Every refusal is an
// OIDC_REFUSED naming the failed check; the token itself is never repeated.
import { oneLineText, RegistryError } from '@pkg/shared';
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { OidcIssuerSetting, RegistryDeps } from '../registry-deps.js';
import { issuerKeys, type IssuerKeys } from './oidc-keys.js';

export const CLOCK_TOLERANCE_S = 60;

export interface VerifiedIdToken {
  setting: OidcIssuerSetting;
  payload: JWTPayload & Record<string, unknown>;
}

export function oidcRefused(message: string): RegistryError {
  return new RegistryError('OIDC_REFUSED', `Trusted publishing refused: ${message}.`);
}

/** A value from the token, made safe to repeat in a message (one short line). */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const line = oneLineText(text);
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

function at(seconds: unknown): string {
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : shown(seconds);
}

interface Unverified {
  header: { alg?: string; kid?: string };
  payload: JWTPayload;
}

function decodeUnverified(token: string): Unverified {
  try {
    return { header: decodeProtectedHeader(token), payload: decodeJwt(token) };
  } catch {
    throw oidcRefused('the ID token is not a readable JWT (its header or claims are not base64url JSON)');
  }
}

function acceptedIssuer(deps: RegistryDeps, iss: unknown): OidcIssuerSetting {
  const setting = deps.config.PKG_OIDC_ISSUERS.find((i) => i.issuer === iss);
  if (setting) return setting;
  if (typeof iss !== 'string') throw oidcRefused('the ID token names no issuer (iss)');
  throw oidcRefused(`the issuer ${shown(iss)} is not accepted here (PKG_OIDC_ISSUERS)`);
}

function checkAlgorithm(alg: string | undefined, keys: IssuerKeys): void {
  const announces = `the issuer announces ${keys.announced.join(', ') || 'none'}`;
  if (alg === undefined || alg.toLowerCase() === 'none')
    throw oidcRefused(`the algorithm ${alg ?? 'none'} is not accepted (${announces})`);
  if (/^HS/i.test(alg))
    throw oidcRefused(
      `${shown(alg)} is not accepted: only the issuer's public keys sign ID tokens (${announces})`,
    );
  if (!keys.algorithms.includes(alg))
    throw oidcRefused(`the algorithm ${shown(alg)} is not accepted (${announces})`);
}

function checkKid(kid: string | undefined, keys: IssuerKeys): void {
  if (kid === undefined) return;
  if (!keys.jwks.keys.some((k) => k.kid === kid))
    throw oidcRefused(`the signing key kid=${shown(kid)} is not in the issuer's JWKS`);
}

function verificationRefusal(error: unknown, payload: JWTPayload, audience: string): RegistryError {
  if (error instanceof errors.JWTExpired) return oidcRefused(`the ID token expired at ${at(payload.exp)}`);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return oidcRefused(`the ID token is not valid before ${at(payload.nbf)}`);
    if (error.claim === 'aud')
      return oidcRefused(
        `the ID token's audience is ${shown(payload.aud ?? 'missing')}, this registry expects ${audience}`,
      );
    if (error.claim === 'iat')
      return oidcRefused(`the ID token was issued in the future (${at(payload.iat)})`);
    return oidcRefused(`the ID token's ${shown(error.claim)} claim is not valid (${error.reason})`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return oidcRefused("the ID token's signature does not verify with the issuer's key");
  if (error instanceof errors.JWKSNoMatchingKey)
    return oidcRefused("no key of the issuer's JWKS matches the ID token's header");
  if (error instanceof errors.JOSEError) return oidcRefused(`the ID token does not verify (${error.code})`);
  throw error;
}

/** Verifies the ID token's signature and standard claims; returns its issuer's setting and claims. */
export async function verifyIdToken(deps: RegistryDeps, token: string): Promise<VerifiedIdToken> {
  const { header, payload } = decodeUnverified(token);
  const setting = acceptedIssuer(deps, payload.iss);
  const keys = await issuerKeys(deps, setting.issuer, header.kid);
  checkAlgorithm(header.alg, keys);
  checkKid(header.kid, keys);
  const audience = deps.config.PKG_OIDC_AUDIENCE;
  try {
    const verified = await jwtVerify(token, keys.keys, {
      issuer: setting.issuer,
      audience,
      algorithms: keys.algorithms,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: deps.clock(),
      requiredClaims: ['exp'],
    });
    return { setting, payload: verified.payload };
  } catch (error) {
    throw verificationRefusal(error, payload, audience);
  }
}
