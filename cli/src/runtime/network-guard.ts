// Runs inside the sandboxed child (bundled into dist/child-bootstrap.mjs). Node 20's permission
// model does not cover the network, so the child checks every outgoing connection itself: a
// guarded fetch (https only; plain http to loopback only with the test opt-in) and patches of
// the socket layer (net, tls, http, https, dns, dgram) so that a connection to a host that
// manifest permissions.network does not declare fails before any packet is sent.
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { SANDBOX_CODES } from './protocol.js';

export interface NetworkPolicy {
  /** Host names and `*.suffix` patterns from manifest permissions.network. */
  hosts: readonly string[];
  /** Plain http to a declared loopback host (PKG_RUN_ALLOW_HTTP_LOOPBACK=1, for tests). */
  allowHttpLoopback: boolean;
}

/** An error raised by the sandbox's own guards; `code` is one of SANDBOX_CODES. */
export class SandboxError extends Error {
  override name = 'SandboxError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/** `api.example.com` matches itself only; `*.example.com` matches every subdomain (not the apex). */
export function hostAllowed(host: string, hosts: readonly string[]): boolean {
  const h = normalizeHost(host);
  return hosts.some((p) =>
    p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p,
  );
}

export function isLoopback(host: string): boolean {
  const h = normalizeHost(host);
  return h === 'localhost' || h === '::1' || (net.isIPv4(h) && h.startsWith('127.'));
}

function denied(message: string): SandboxError {
  return new SandboxError(SANDBOX_CODES.network, message);
}

export function checkHost(host: string, policy: NetworkPolicy, via: string): void {
  if (hostAllowed(host, policy.hosts)) return;
  const declared = policy.hosts.length > 0 ? policy.hosts.join(', ') : 'none';
  throw denied(
    `network access to "${normalizeHost(host)}" (${via}) is not declared in manifest permissions.network (declared: ${declared})`,
  );
}

function checkScheme(protocol: string, host: string, policy: NetworkPolicy, via: string): void {
  if (protocol === 'https:') return checkHost(host, policy, via);
  if (protocol === 'http:') {
    if (!policy.allowHttpLoopback || !isLoopback(host)) {
      throw denied(`plain http to "${normalizeHost(host)}" (${via}) is refused: tools connect over https`);
    }
    return checkHost(host, policy, via);
  }
  throw denied(`the URL scheme ${protocol} (${via}) is not available in the sandbox`);
}

/** fetch that admits only declared hosts; `data:` and `blob:` URLs need no network. */
export function createGuardedFetch(original: typeof fetch, policy: NetworkPolicy): typeof fetch {
  return async function guardedFetch(input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'data:' && url.protocol !== 'blob:')
      checkScheme(url.protocol, url.hostname, policy, 'fetch');
    // undici's `dispatcher` option could bring its own connector: never passed through.
    const options: Record<string, unknown> = { ...init };
    delete options.dispatcher;
    try {
      return await original(input, options);
    } catch (error) {
      // A redirect to an undeclared host is refused at the socket layer: surface that reason.
      if (error instanceof Error && error.cause instanceof SandboxError) throw error.cause;
      throw error;
    }
  };
}

type Callable = (...args: unknown[]) => unknown;

/** Replaces `target[key]` with a function that runs `check(args)` first. */
function guard(target: object, key: string, check: (args: unknown[]) => void): void {
  const record = target as Record<string, unknown>;
  const original = record[key];
  if (typeof original !== 'function') return;
  const fn = original as Callable;
  record[key] = function guarded(this: unknown, ...args: unknown[]): unknown {
    check(args);
    return fn.apply(this, args);
  };
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;

/** The target of net/tls connect arguments: (options), (port, host), (path) or net's internal [options, cb]. */
function checkConnect(args: unknown[], policy: NetworkPolicy, via: string): void {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  const options = asRecord(first);
  if (options) {
    if (options.socket !== undefined && options.socket !== null) return; // tls over a socket already checked
    if (typeof options.path === 'string')
      throw denied(`local socket ${options.path} (${via}) is not available`);
    if (typeof options.lookup === 'function') throw denied(`a custom DNS lookup (${via}) is not allowed`);
    const host = typeof options.host === 'string' && options.host !== '' ? options.host : 'localhost';
    return checkHost(host, policy, via);
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return checkHost(typeof args[1] === 'string' ? args[1] : 'localhost', policy, via);
  }
  if (typeof first === 'string') throw denied(`local socket ${first} (${via}) is not available`);
  checkHost('localhost', policy, via);
}

/** http.request / https.request arguments: (url[, options][, cb]) or (options[, cb]). */
function checkRequest(args: unknown[], policy: NetworkPolicy, protocol: string, via: string): void {
  const [first, second] = args;
  const url = typeof first === 'string' || first instanceof URL ? new URL(String(first)) : undefined;
  const options = asRecord(url ? second : first) ?? {};
  if (options.socketPath !== undefined) throw denied(`local socket requests (${via}) are not available`);
  if (typeof options.lookup === 'function') throw denied(`a custom DNS lookup (${via}) is not allowed`);
  const named = options.hostname ?? options.host;
  const host = typeof named === 'string' ? named : (url?.hostname ?? 'localhost');
  checkScheme(url?.protocol ?? protocol, host, policy, via);
}

const DNS_QUERIES = [
  'lookup',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCaa',
  'resolveCname',
  'resolveMx',
  'resolveNaptr',
  'resolveNs',
  'resolvePtr',
  'resolveSoa',
  'resolveSrv',
  'resolveTxt',
];

/** Patches the socket layer; call before the tool's module is imported. */
export function installNetworkGuard(policy: NetworkPolicy): void {
  guard(net.Socket.prototype, 'connect', (a) => checkConnect(a, policy, 'net.Socket.connect'));
  guard(net, 'connect', (a) => checkConnect(a, policy, 'net.connect'));
  guard(net, 'createConnection', (a) => checkConnect(a, policy, 'net.createConnection'));
  guard(tls, 'connect', (a) => checkConnect(a, policy, 'tls.connect'));
  guard(net.Server.prototype, 'listen', () => {
    throw denied('tools may not listen for incoming connections');
  });
  for (const [module, protocol] of [
    [http, 'http:'],
    [https, 'https:'],
  ] as const) {
    const name = protocol.slice(0, -1);
    guard(module, 'request', (a) => checkRequest(a, policy, protocol, `${name}.request`));
    guard(module, 'get', (a) => checkRequest(a, policy, protocol, `${name}.get`));
  }
  guard(dgram, 'createSocket', () => {
    throw denied('UDP sockets (dgram) are not available to tools');
  });
  const resolvers = [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype];
  for (const target of resolvers) {
    for (const key of DNS_QUERIES) {
      guard(target, key, (a) => checkHost(typeof a[0] === 'string' ? a[0] : '', policy, `dns.${key}`));
    }
    for (const key of ['reverse', 'lookupService']) {
      guard(target, key, () => {
        throw denied(`dns.${key} is not available to tools`);
      });
    }
  }
}
