// A local double of the GitHub Actions ID token request endpoint: the URL a runner puts in
// ACTIONS_ID_TOKEN_REQUEST_URL (with `?api-version=2.0` already in it) and the bearer it puts in
// ACTIONS_ID_TOKEN_REQUEST_TOKEN. It follows what @actions/core's getIDToken sends and reads
// (OidcClient in actions/toolkit, packages/core/src/oidc-utils.ts; GitHub's guide:
// https://docs.github.com/en/actions/security-for-github-actions/security-hardening-your-deployments/about-security-hardening-with-openid-connect):
// GET <url>&audience=<aud>, `Authorization: Bearer <request token>`, answer `{"value": "<jwt>"}`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TokenRequestDouble {
  /** The value of ACTIONS_ID_TOKEN_REQUEST_URL. */
  requestUrl: string;
  /** The value of ACTIONS_ID_TOKEN_REQUEST_TOKEN. */
  requestToken: string;
  /** The environment of a job with `permissions: id-token: write`. */
  env: Record<string, string>;
  /** Every request, answered or refused, with the audience it asked for. */
  calls: { audience: string | null; authorized: boolean }[];
  close: () => Promise<void>;
}

/** `issue(audience)` is the JWT the runner hands out for that audience. */
export async function startTokenRequestDouble(
  issue: (audience: string) => string | Promise<string>,
): Promise<TokenRequestDouble> {
  const requestToken = `runtime-${Math.random().toString(36).slice(2)}`;
  const calls: TokenRequestDouble['calls'] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const audience = url.searchParams.get('audience');
    // The HTTP client of @actions/core writes "Bearer"; the scheme is case-insensitive.
    const authorized = /^bearer /i.test(req.headers.authorization ?? '')
      ? req.headers.authorization?.slice('bearer '.length) === requestToken
      : false;
    calls.push({ audience, authorized });
    if (req.method !== 'GET' || url.pathname !== '/token' || url.searchParams.get('api-version') !== '2.0')
      return send(res, 404, { message: 'Not Found' });
    if (!authorized) return send(res, 401, { message: 'Bad credentials' });
    if (!audience) return send(res, 400, { message: 'audience is required' });
    send(res, 200, { count: 1, value: await issue(audience) });
  };
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const requestUrl = `http://127.0.0.1:${port}/token?api-version=2.0`;
  return {
    requestUrl,
    requestToken,
    env: {
      GITHUB_ACTIONS: 'true',
      ACTIONS_ID_TOKEN_REQUEST_URL: requestUrl,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken,
    },
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
