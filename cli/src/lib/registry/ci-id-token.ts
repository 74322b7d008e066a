// The CI job's OIDC ID token for `pkg publish --oidc` (trusted publishing, docs/publishing.md):
// which CI runs this job, then the token it issues for the registry's audience, asked for the way
// each CI documents it. The token is a credential: it is never printed, logged or put in an error.
import fetch, { type Response } from 'node-fetch';
import type { OidcPlatform } from '@pkg/shared/contract';
import { CliError } from '../../exit.js';
import { cliVersion } from '../../version.js';

/** The GitLab CI variable that holds the ID token unless PKG_OIDC_TOKEN_VAR names another. */
export const DEFAULT_GITLAB_TOKEN_VAR = 'PKG_ID_TOKEN';

/** A CI that can issue an ID token for this job, found before anything is packed or sent. */
export interface CiIdTokenSource {
  platform: OidcPlatform;
  /** The CI's name as people say it, for messages. */
  label: string;
  idToken: (audience: string) => Promise<string>;
}

/** How long the runner may take to hand out an ID token. */
const TOKEN_REQUEST_TIMEOUT_MS = 30_000;

const OUTSIDE_CI =
  'pkg publish --oidc runs inside GitHub Actions or GitLab CI; elsewhere publish with a token from `pkg login`.';

function oidcUnavailable(message: string, hint: string): CliError {
  return new CliError('OIDC_UNAVAILABLE', message, { hint });
}

/**
 * Which CI issues this job's ID token: GitHub Actions when the runner set its token request
 * variables, GitLab CI when the job declared the ID token variable. A CI that runs the job without
 * them gets the step its configuration is missing; no CI at all gets `pkg login`.
 */
export function detectCiIdTokenSource(
  registry: string,
  env: NodeJS.ProcessEnv = process.env,
): CiIdTokenSource {
  const requestUrl = env.ACTIONS_ID_TOKEN_REQUEST_URL;
  const requestToken = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
  if (requestUrl && requestToken)
    return {
      platform: 'github',
      label: 'GitHub Actions',
      idToken: (audience) => githubIdToken(requestUrl, requestToken, audience),
    };
  if (env.GITHUB_ACTIONS === 'true')
    throw oidcUnavailable(
      'This GitHub Actions job cannot ask for an OIDC ID token: ACTIONS_ID_TOKEN_REQUEST_URL and ACTIONS_ID_TOKEN_REQUEST_TOKEN are not set.',
      'Give the job (or the workflow) `permissions: id-token: write`; GitHub sets the two variables only then.',
    );
  const variable = env.PKG_OIDC_TOKEN_VAR || DEFAULT_GITLAB_TOKEN_VAR;
  const declared = env[variable]?.trim();
  if (declared)
    return {
      platform: 'gitlab',
      label: 'GitLab CI',
      idToken: (audience) => Promise.resolve().then(() => declaredIdToken(declared, variable, audience)),
    };
  if (env.GITLAB_CI === 'true')
    throw oidcUnavailable(
      `This GitLab CI job has no OIDC ID token: the variable ${variable} is empty.`,
      `Declare it in .gitlab-ci.yml under the publishing job: \`id_tokens: { ${variable}: { aud: ${new URL(registry).origin} } }\`; aud is the registry's audience, its origin unless the operator set PKG_OIDC_AUDIENCE (GET /auth/oidc names it). PKG_OIDC_TOKEN_VAR names another variable.`,
    );
  throw oidcUnavailable(OUTSIDE_CI, 'Run pkg login --registry <url> with a token, then pkg publish.');
}

/** The `aud` of a JWT, read without verifying it (the registry verifies); undefined when unreadable. */
function audienceOf(jwt: string): string[] | undefined {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      aud?: unknown;
    };
    if (typeof payload.aud === 'string') return [payload.aud];
    if (Array.isArray(payload.aud)) return payload.aud.filter((a): a is string => typeof a === 'string');
  } catch {
    // Not a JWT: the registry's refusal says so.
  }
  return undefined;
}

/**
 * GitLab issued the token for the `aud` the job declared: one for another audience would only be
 * refused by the registry, so say here which `aud` to declare. Its other claims are the registry's
 * to judge.
 */
function declaredIdToken(token: string, variable: string, audience: string): string {
  const declared = audienceOf(token);
  if (declared && !declared.includes(audience))
    throw oidcUnavailable(
      `The ID token in ${variable} is for ${declared.join(', ') || 'no audience'}, not for this registry's audience ${audience}.`,
      `In .gitlab-ci.yml, declare \`id_tokens: { ${variable}: { aud: ${audience} } }\` for the publishing job.`,
    );
  return token;
}

async function tokenRequestFailure(res: Response): Promise<CliError> {
  const text = await res.text().catch(() => '');
  let message = '';
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') message = `: ${body.message.slice(0, 200)}`;
  } catch {
    // GitHub answers JSON; anything else is summed up by the status.
  }
  return oidcUnavailable(
    `GitHub Actions refused the ID token request with HTTP ${res.status}${message}.`,
    'Check that the job has `permissions: id-token: write` and runs on a GitHub-hosted or up-to-date runner.',
  );
}

/**
 * GitHub Actions: GET the runner's token request URL plus `&audience=<aud>` with the request token
 * as a bearer; the answer is `{"value": "<jwt>"}`. This is what `getIDToken` of @actions/core does
 * (OidcClient in actions/toolkit, packages/core/src/oidc-utils.ts; GitHub's guide:
 * https://docs.github.com/en/actions/security-for-github-actions/security-hardening-your-deployments/about-security-hardening-with-openid-connect).
 */
export async function githubIdToken(requestUrl: string, requestToken: string, audience: string) {
  const origin = URL.canParse(requestUrl) ? new URL(requestUrl).origin : undefined;
  if (!origin?.startsWith('http'))
    throw oidcUnavailable(
      'ACTIONS_ID_TOKEN_REQUEST_URL is not an http(s) URL.',
      'Leave ACTIONS_ID_TOKEN_REQUEST_URL as the runner sets it; do not set it by hand.',
    );
  const url = `${requestUrl}${requestUrl.includes('?') ? '&' : '?'}audience=${encodeURIComponent(audience)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
      headers: {
        authorization: `bearer ${requestToken}`,
        accept: 'application/json; api-version=2.0',
        'user-agent': `pkg/${cliVersion}`,
      },
    });
  } catch (error) {
    throw oidcUnavailable(
      `Could not reach the GitHub Actions ID token service at ${origin}: ${(error as Error).message}`,
      'Run pkg publish --oidc in a step of the job itself, where the runner sets ACTIONS_ID_TOKEN_REQUEST_URL.',
    );
  }
  if (!res.ok) throw await tokenRequestFailure(res);
  const body = (await res.json().catch(() => undefined)) as { value?: unknown } | undefined;
  if (typeof body?.value !== 'string' || body.value === '')
    throw oidcUnavailable(
      'GitHub Actions answered the ID token request without a token (no "value").',
      'Try the job again; if it keeps failing, the runner may be too old for OIDC.',
    );
  return body.value;
}
