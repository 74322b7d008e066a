// The ID token of `pkg publish --oidc` (docs/publishing.md): GitHub Actions' token request against
// a local double of the runner's endpoint, GitLab's ID token variable, and the message of each
// configuration that cannot give a token.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startTokenRequestDouble,
  type TokenRequestDouble,
} from '../../../test/helpers/github-token-request-double.js';
import { detectCiIdTokenSource, githubIdToken } from './ci-id-token.js';
import { CliError } from '../../exit.js';

const REGISTRY = 'https://registry.example:8443/base';
const AUDIENCE = 'https://registry.example:8443';
const jwtFor = (audience: string) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(audience).toString('base64url')}.sig`;

let runner: TokenRequestDouble;
beforeAll(async () => {
  runner = await startTokenRequestDouble(jwtFor);
});
afterAll(() => runner.close());

function refusal(run: () => unknown): { code: string; message: string; hint: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('GitHub Actions', () => {
  test('asks the runner with its bearer and the audience, and reads "value"', async () => {
    const source = detectCiIdTokenSource(REGISTRY, runner.env);
    expect(source).toMatchObject({ platform: 'github', label: 'GitHub Actions' });
    const before = runner.calls.length;
    expect(await source.idToken(AUDIENCE)).toBe(jwtFor(AUDIENCE));
    expect(runner.calls.slice(before)).toEqual([{ audience: AUDIENCE, authorized: true }]);
  });

  test('a wrong request token is refused by the runner, and the token never shows', async () => {
    const before = runner.calls.length;
    const error = await githubIdToken(runner.requestUrl, 'not-the-runtime-token', AUDIENCE).catch(
      (e: unknown) => e,
    );
    expect(runner.calls.slice(before)).toEqual([{ audience: AUDIENCE, authorized: false }]);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe('OIDC_UNAVAILABLE');
    expect((error as CliError).message).toMatchInlineSnapshot(
      `"GitHub Actions refused the ID token request with HTTP 401: Bad credentials."`,
    );
    expect(JSON.stringify(error)).not.toContain('not-the-runtime-token');
  });

  test('a request URL that is not http(s) is refused before any request', async () => {
    const before = runner.calls.length;
    const error = await githubIdToken('file:///etc/passwd', runner.requestToken, AUDIENCE).catch(
      (e: unknown) => e,
    );
    expect((error as CliError).message).toBe('ACTIONS_ID_TOKEN_REQUEST_URL is not an http(s) URL.');
    expect(runner.calls.length).toBe(before);
  });

  test('without the two variables, the job needs permissions: id-token: write', () => {
    expect(refusal(() => detectCiIdTokenSource(REGISTRY, { GITHUB_ACTIONS: 'true' }))).toMatchInlineSnapshot(`
      {
        "code": "OIDC_UNAVAILABLE",
        "hint": "Give the job (or the workflow) \`permissions: id-token: write\`; GitHub sets the two variables only then.",
        "message": "This GitHub Actions job cannot ask for an OIDC ID token: ACTIONS_ID_TOKEN_REQUEST_URL and ACTIONS_ID_TOKEN_REQUEST_TOKEN are not set.",
      }
    `);
  });
});

describe('GitLab CI', () => {
  test('reads the token from PKG_ID_TOKEN, or the variable PKG_OIDC_TOKEN_VAR names', async () => {
    const plain = detectCiIdTokenSource(REGISTRY, { GITLAB_CI: 'true', PKG_ID_TOKEN: 'a.b.c' });
    expect(plain).toMatchObject({ platform: 'gitlab', label: 'GitLab CI' });
    expect(await plain.idToken(AUDIENCE)).toBe('a.b.c');
    const named = detectCiIdTokenSource(REGISTRY, {
      GITLAB_CI: 'true',
      PKG_OIDC_TOKEN_VAR: 'REGISTRY_ID_TOKEN',
      REGISTRY_ID_TOKEN: 'd.e.f',
      PKG_ID_TOKEN: 'a.b.c',
    });
    expect(await named.idToken(AUDIENCE)).toBe('d.e.f');
  });

  test("a token for another audience is stopped here, naming the registry's", async () => {
    const other = `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ aud: 'https://gitlab.com' })).toString('base64url')}.sig`;
    const source = detectCiIdTokenSource(REGISTRY, { GITLAB_CI: 'true', PKG_ID_TOKEN: other });
    const error = (await source.idToken(AUDIENCE).catch((e: unknown) => e)) as CliError;
    expect([error.code, error.message, error.hint]).toMatchInlineSnapshot(`
      [
        "OIDC_UNAVAILABLE",
        "The ID token in PKG_ID_TOKEN is for https://gitlab.com, not for this registry's audience https://registry.example:8443.",
        "In .gitlab-ci.yml, declare \`id_tokens: { PKG_ID_TOKEN: { aud: https://registry.example:8443 } }\` for the publishing job.",
      ]
    `);
    const right = other.replace(
      other.split('.')[1] ?? '',
      Buffer.from(JSON.stringify({ aud: [AUDIENCE] })).toString('base64url'),
    );
    expect(await detectCiIdTokenSource(REGISTRY, { PKG_ID_TOKEN: right }).idToken(AUDIENCE)).toBe(right);
  });

  test('an empty variable says how to declare it in .gitlab-ci.yml', () => {
    expect(refusal(() => detectCiIdTokenSource(REGISTRY, { GITLAB_CI: 'true', PKG_ID_TOKEN: '' })))
      .toMatchInlineSnapshot(`
        {
          "code": "OIDC_UNAVAILABLE",
          "hint": "Declare it in .gitlab-ci.yml under the publishing job: \`id_tokens: { PKG_ID_TOKEN: { aud: https://registry.example:8443 } }\`; aud is the registry's audience, its origin unless the operator set PKG_OIDC_AUDIENCE (GET /auth/oidc names it). PKG_OIDC_TOKEN_VAR names another variable.",
          "message": "This GitLab CI job has no OIDC ID token: the variable PKG_ID_TOKEN is empty.",
        }
      `);
  });
});

test('outside a supported CI, publish with a token from pkg login', () => {
  expect(refusal(() => detectCiIdTokenSource(REGISTRY, { CI: 'true' }))).toMatchInlineSnapshot(`
    {
      "code": "OIDC_UNAVAILABLE",
      "hint": "Run pkg login --registry <url> with a token, then pkg publish.",
      "message": "pkg publish --oidc runs inside GitHub Actions or GitLab CI; elsewhere publish with a token from \`pkg login\`.",
    }
  `);
});
