// The accepted issuers' signing keys (docs/publishing.md, "The exchange"): each issuer's discovery
// document (`<issuer>/.well-known/openid-configuration`) and the JWKS it names, read through the
// OIDC client (infra/oidc/) and kept an hour. A token whose `kid` is not in the kept JWKS makes
// the keys be read again, at most once every 30 seconds per issuer, so that a flood of tokens
// with made-up key ids cannot make the registry hammer the issuer.
import { RegistryError } from '@pkg/shared';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { z } from 'zod';
import type { OidcFetch } from '../../../infra/oidc/oidc-types.js';
import type { RegistryDeps } from '../registry-deps.js';

/** The asymmetric algorithms an ID token may be signed with; never `none`, never HS*. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

const KEEP_MS = 60 * 60 * 1000;
const REFRESH_MIN_MS = 30 * 1000;

export interface IssuerKeys {
  /** What the issuer announces in `id_token_signing_alg_values_supported`, asymmetric ones only. */
  algorithms: string[];
  /** Everything it announces (for the refusal of another algorithm). */
  announced: string[];
  jwks: JSONWebKeySet;
  keys: ReturnType<typeof createLocalJWKSet>;
  jwksUri: string;
  fetchedAt: number;
  keysFetchedAt: number;
}

/** The OIDC state of the registry wing: the client and the keys kept per issuer (one per app). */
export interface OidcState {
  fetch: OidcFetch;
  issuers: Map<string, IssuerKeys>;
}

export function createOidcState(fetch: OidcFetch): OidcState {
  return { fetch, issuers: new Map() };
}

const discoverySchema = z.object({
  issuer: z.string(),
  jwks_uri: z.string(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
const jwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string() })) });

function unreadable(issuer: string, why: string): RegistryError {
  return new RegistryError('UPSTREAM_FAILED', `The issuer ${issuer} could not be read: ${why}.`);
}

async function readJson<T>(deps: RegistryDeps, issuer: string, url: string, schema: z.ZodType<T>) {
  let answer;
  try {
    answer = await deps.oidc.fetch(url);
  } catch (error) {
    throw unreadable(issuer, `${url} is unreachable (${error instanceof Error ? error.message : 'error'})`);
  }
  if (answer.status !== 200) throw unreadable(issuer, `${url} answered HTTP ${answer.status}`);
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) throw unreadable(issuer, `${url} is not the expected JSON document`);
  return parsed.data;
}

async function readJwks(deps: RegistryDeps, issuer: string, jwksUri: string): Promise<JSONWebKeySet> {
  return readJson(deps, issuer, jwksUri, jwksSchema);
}

async function discover(deps: RegistryDeps, issuer: string, now: number): Promise<IssuerKeys> {
  const doc = await readJson(deps, issuer, `${issuer}/.well-known/openid-configuration`, discoverySchema);
  if (doc.issuer.replace(/\/+$/, '') !== issuer)
    throw unreadable(issuer, `its discovery document names another issuer (${doc.issuer.slice(0, 200)})`);
  let jwksUri: URL;
  try {
    jwksUri = new URL(doc.jwks_uri);
  } catch {
    throw unreadable(issuer, 'its jwks_uri is not a URL');
  }
  if (jwksUri.origin !== new URL(issuer).origin)
    throw unreadable(issuer, `its jwks_uri ${jwksUri.origin} is not on the issuer's own origin`);
  const jwks = await readJwks(deps, issuer, jwksUri.href);
  const announced = doc.id_token_signing_alg_values_supported ?? ['RS256'];
  const algorithms = announced.filter((a) => (ASYMMETRIC_ALGORITHMS as readonly string[]).includes(a));
  return {
    algorithms,
    announced,
    jwks,
    keys: createLocalJWKSet(jwks),
    jwksUri: jwksUri.href,
    fetchedAt: now,
    keysFetchedAt: now,
  };
}

function hasKid(keys: IssuerKeys, kid: string | undefined): boolean {
  return kid === undefined || keys.jwks.keys.some((k) => k.kid === kid);
}

/**
 * The issuer's keys: kept ones, or read anew after an hour, or when `kid` is unknown (the JWKS
 * only, at most once every 30 seconds).
 */
export async function issuerKeys(
  deps: RegistryDeps,
  issuer: string,
  kid: string | undefined,
): Promise<IssuerKeys> {
  const now = deps.clock().getTime();
  let entry = deps.oidc.issuers.get(issuer);
  if (!entry || now - entry.fetchedAt >= KEEP_MS || now < entry.fetchedAt) {
    entry = await discover(deps, issuer, now);
    deps.oidc.issuers.set(issuer, entry);
    return entry;
  }
  if (!hasKid(entry, kid) && Math.abs(now - entry.keysFetchedAt) >= REFRESH_MIN_MS) {
    const jwks = await readJwks(deps, issuer, entry.jwksUri);
    entry = { ...entry, jwks, keys: createLocalJWKSet(jwks), keysFetchedAt: now };
    deps.oidc.issuers.set(issuer, entry);
  }
  return entry;
}
