// The guarded fetch: the only way any provider reaches the network. Before a connection the
// URL is checked (scheme, no credentials, the provider's own hosts, no private names or IP
// literals); at connection time the resolved addresses are checked in undici's `lookup` hook;
// every redirect is followed by hand and checked again; TLS is always verified (undici's
// default, never turned off); the time-out covers the whole exchange and the body is capped.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent, fetch as undiciFetch } from 'undici';
import { NetworkGuardError, ProviderError, findProviderError } from '../errors/data-errors.js';
import type { Redactor } from '../errors/redact.js';
import { hostnameOf, isIpLiteral, isPrivateName, isPublicAddress } from '../../net/address-policy.js';
import type { NetPolicy } from './net-policy.js';
import { readCapped } from './read-capped.js';

/** Resolves a host name to its addresses; injectable so that tests need no DNS. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  policy: NetPolicy;
  redact: Redactor;
  /** This request's time-out when it differs from the provider's (AI completions: 60 s, 120 s at most). */
  timeoutMs?: number | undefined;
  /** This request's body cap when it differs from the provider's (the AI model list, raw files). */
  maxBytes?: number | undefined;
  /** Also return the body's bytes (raw files: binary detection). */
  bytes?: boolean | undefined;
}

export interface GuardedResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body's bytes, when the request asked for them. */
  bytes?: Uint8Array | undefined;
}

export interface GuardedFetcher {
  fetch: (request: GuardedRequest) => Promise<GuardedResponse>;
  close: () => Promise<void>;
}

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const defaultResolve: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(resolve: Resolver, checkAddresses: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = checkAddresses ? addresses.find((a) => !isPublicAddress(a.address)) : undefined;
        if (refused || addresses.length === 0) {
          callback(
            new NetworkGuardError('PRIVATE_ADDRESS', `${hostname} resolves to a non-public address`),
            '',
          );
          return;
        }
        const first = addresses[0] as LookupAddress;
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** Checks a URL before any connection; returns true when the origin is an opted-in private endpoint. */
export function checkUrl(url: URL, policy: NetPolicy): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new NetworkGuardError('SCHEME_NOT_ALLOWED', `${url.protocol} is not http(s)`);
  if (url.username || url.password)
    throw new NetworkGuardError('CREDENTIALS_IN_URL', 'URLs with credentials are refused');
  const host = hostnameOf(url);
  if (!policy.allowHosts.has(host))
    throw new NetworkGuardError('HOST_NOT_ALLOWED', `${host} is not a host of ${policy.provider}`);
  const exempt = policy.privateOrigins.has(url.origin);
  if (exempt) return true;
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) throw new NetworkGuardError('PRIVATE_ADDRESS', `${host} is not public`);
  } else if (isPrivateName(host)) {
    throw new NetworkGuardError('PRIVATE_NAME', `${host} is not a public name`);
  }
  if (url.protocol !== 'https:') throw new NetworkGuardError('INSECURE_SCHEME', `${host} must use https`);
  return false;
}

/**
 * One request and its redirects, each hop checked (checkUrl) and sent through the agent of its
 * kind: the strict one (resolved addresses checked) or the opted-in one (a configured private
 * origin). Another origin gets no header but the content type; a 303 (or a POST's 301/302)
 * becomes a GET without body.
 */
async function exchange(
  request: GuardedRequest,
  signal: AbortSignal,
  agents: { strict: Agent; optedIn: Agent },
): Promise<GuardedResponse> {
  let url = new URL(request.url);
  let method = request.method ?? 'GET';
  let body = request.body;
  let headers = request.headers ?? {};
  for (let hop = 0; ; hop++) {
    const exempt = checkUrl(url, request.policy);
    const response = await undiciFetch(url, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal,
      dispatcher: exempt ? agents.optedIn : agents.strict,
    });
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || !location) {
      const body = await readCapped(response, request.maxBytes ?? request.policy.maxBytes);
      return {
        status: response.status,
        headers: response.headers as unknown as Headers,
        text: new TextDecoder().decode(body),
        ...(request.bytes ? { bytes: body } : {}),
      };
    }
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new NetworkGuardError('TOO_MANY_REDIRECTS', `more than ${MAX_REDIRECTS}`);
    const next = new URL(location, url);
    if (next.origin !== url.origin)
      headers = { 'content-type': headers['content-type'] ?? 'application/json' };
    if (response.status === 303 || (response.status < 307 && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
    url = next;
  }
}

/**
 * What a failed exchange is: the guard's refusal (named for the provider), another typed error as
 * it is, a time-out, or a network error with its code; the last two transient.
 */
function fetchFailure(
  error: unknown,
  {
    provider,
    redact,
    timeoutMs,
    aborted,
  }: { provider: string; redact: Redactor; timeoutMs: number; aborted: boolean },
): ProviderError {
  const known = findProviderError(error);
  if (known) {
    if (known instanceof NetworkGuardError)
      return new NetworkGuardError(known.reason, known.shortMessage.replace(/^refused by[^:]*: /, ''), {
        provider,
        redact,
      });
    return known;
  }
  if (aborted)
    return new ProviderError('failure', `timed out after ${timeoutMs / 1000} s`, {
      provider,
      transient: true,
      redact,
    });
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as NodeJS.ErrnoException).code;
  const text = cause instanceof Error ? cause.message : String(cause);
  return new ProviderError('failure', `network error${code ? ` ${code}` : ''}: ${text}`, {
    provider,
    transient: true,
    redact,
  });
}

export function createGuardedFetch(options: { resolve?: Resolver } = {}): GuardedFetcher {
  const resolve = options.resolve ?? defaultResolve;
  const strict = new Agent({ connect: { lookup: guardedLookup(resolve, true) } });
  const optedIn = new Agent({ connect: { lookup: guardedLookup(resolve, false) } });

  async function guardedFetch(request: GuardedRequest): Promise<GuardedResponse> {
    const { policy, redact } = request;
    const timeoutMs = request.timeoutMs ?? policy.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await exchange(request, controller.signal, { strict, optedIn });
    } catch (error) {
      throw fetchFailure(error, {
        provider: policy.provider,
        redact,
        timeoutMs,
        aborted: controller.signal.aborted,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    fetch: guardedFetch,
    close: async () => {
      await Promise.all([strict.close(), optedIn.close()]);
    },
  };
}
