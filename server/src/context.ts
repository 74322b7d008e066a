// The tRPC context, built the same way for the /trpc handler and for REST adapters.
import type { Request } from 'express';
import type { Logger } from './logger.js';
import type { AppDeps } from './deps.js';
import type {} from './request-fields.js';

export interface Context {
  deps: AppDeps;
  requestId: string;
  log: Logger;
  /** The raw `Authorization` header; auth is decided by procedure builders, never by routes. */
  authorization: string | undefined;
  /** Who is calling, for rate limits and the authentication-failure block. */
  client: string;
  /** `{base_url}`: PKG_BASE_URL, or the origin the request came to. */
  baseUrl: string;
  /** The website origin: PKG_SITE_ORIGIN, else the origin of `baseUrl` (holder-pass messages name it). */
  siteOrigin: string;
}

/** The website origin `/v1` admits and sign-in messages must name: PKG_SITE_ORIGIN, else `{base_url}`'s. */
export function siteOriginOf(deps: AppDeps, baseUrl: string): string {
  return deps.config.PKG_SITE_ORIGIN ?? new URL(baseUrl).origin;
}

/** `{base_url}`: PKG_BASE_URL, or the origin a request came to (its protocol and Host). */
export function baseUrlOf(deps: AppDeps, protocol: string, host: string | undefined): string {
  return (
    deps.config.PKG_BASE_URL ?? `${protocol}://${host ?? `${deps.config.HOST}:${deps.config.PORT}`}`
  ).replace(/\/+$/, '');
}

export function requestBaseUrl(req: Request, deps: AppDeps): string {
  return baseUrlOf(deps, req.protocol, req.get('host'));
}

export function createContext({ req, deps }: { req: Request; deps: AppDeps }): Context {
  const baseUrl = requestBaseUrl(req, deps);
  return {
    deps,
    requestId: req.id,
    log: req.log,
    authorization: req.get('authorization'),
    client: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    baseUrl,
    siteOrigin: siteOriginOf(deps, baseUrl),
  };
}
