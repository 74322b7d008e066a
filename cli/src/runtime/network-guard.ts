// Runs inside the sandboxed child (bundled into dist/child-bootstrap.mjs). Node 20's permission
// model does not cover the network, so the child checks every outgoing connection itself: a
// guarded fetch (https only; plain http to loopback only with the test opt-in) and patches of
// the socket layer (net, tls, http, https, dns, dgram) so that a connection to a host that
// manifest permissions.network does not declare fails before any packet is sent.
//
// Every check reads a plain copy of the caller's options (each member read once, so a getter or
// a Proxy cannot answer one host to the check and another to Node), and Node connects with that
// same copy. Under the OS boundary the copy is not dialled at all: the connection goes to the
// proxy's socket, which checks the host again outside the sandbox (os-sandbox/net-proxy.ts).
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Duplex } from 'node:stream';
import tls from 'node:tls';
import { hostAllowed, isLoopback, type NetworkPolicy, normalizeHost, proxyHeader } from './network-policy.js';
import { SANDBOX_CODES } from './protocol.js';

export type { NetworkPolicy } from './network-policy.js';

/** An error raised by the sandbox's own guards; `code` is one of SANDBOX_CODES. */
export class SandboxError extends Error {
  override name = 'SandboxError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
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

/** Replaces `target[key]` with `replacement(original)`. */
function wrap(target: object, key: string, replacement: (original: Callable) => Callable): void {
  const record = target as Record<string, unknown>;
  const original = record[key];
  if (typeof original === 'function') record[key] = replacement(original as Callable);
}

/** Replaces `target[key]` with a function that runs `check(args)` first. */
function guard(target: object, key: string, check: (args: unknown[]) => void): void {
  wrap(
    target,
    key,
    (fn) =>
      function guarded(this: unknown, ...args: unknown[]): unknown {
        check(args);
        return fn.apply(this, args);
      },
  );
}

/** Members a connect copy never carries: local sockets, inherited descriptors, custom lookups. */
const DROPPED = ['path', 'fd', 'handle', 'lookup', 'socket', 'localAddress', 'localPort'] as const;

interface ConnectCall {
  /** A plain copy: what was checked is what Node connects with. */
  options: Record<string, unknown>;
  callback: Callable | undefined;
  host: string;
  port: number;
}

/**
 * The connect arguments of net/tls: (options[, cb]), (port[, host][, cb]), (path[, cb]) or net's
 * internal [options, cb], turned into a checked plain copy. A TLS call may keep a `socket` that
 * is a stream (TLS over a connection that was itself checked when it was made).
 */
function connectCall(args: unknown[], policy: NetworkPolicy, via: string, tlsOver = false): ConnectCall {
  const list = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const first = list[0];
  const callback = list.find((a): a is Callable => typeof a === 'function');
  let options: Record<string, unknown>;
  if (first !== null && typeof first === 'object') {
    options = { ...(first as Record<string, unknown>) }; // each own member read once
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    options = { port: first, host: typeof list[1] === 'string' ? list[1] : undefined };
    if (list[2] !== null && typeof list[2] === 'object') options = { ...list[2], ...options };
  } else if (typeof first === 'string') {
    throw denied(`local socket ${first} (${via}) is not available`);
  } else {
    options = {};
  }
  if (options.path !== undefined && options.path !== null)
    throw denied(`a local socket (${via}) is not available`);
  if (typeof options.lookup === 'function') throw denied(`a custom DNS lookup (${via}) is not allowed`);
  if (options.fd !== undefined || options.handle !== undefined)
    throw denied(`an inherited descriptor (${via}) is not available`);
  const socket = options.socket;
  for (const key of DROPPED) delete options[key];
  if (tlsOver && socket instanceof Duplex) options.socket = socket;
  const host = typeof options.host === 'string' && options.host !== '' ? options.host : 'localhost';
  const port = Number(options.port);
  options.host = host;
  options.port = port;
  if (!options.socket) {
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw denied(`the port ${String(options.port)} (${via}) is not valid`);
    checkHost(host, policy, via);
  }
  return { options, callback, host, port };
}

/** http.request / https.request arguments: (url[, options][, cb]) or (options[, cb]). */
function checkRequest(args: unknown[], policy: NetworkPolicy, protocol: string, via: string): void {
  const [first, second] = args;
  const url = typeof first === 'string' || first instanceof URL ? new URL(String(first)) : undefined;
  const raw = url ? second : first;
  const options = raw !== null && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
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

const UDP_REFUSED = () => denied('UDP sockets (dgram) are not available to tools');

/** Patches the socket layer; call before the tool's module is imported. */
export function installNetworkGuard(policy: NetworkPolicy): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(socket)
  const socketConnect = net.Socket.prototype.connect as unknown as Callable;
  const tlsConnect = tls.connect.bind(tls) as unknown as Callable;
  const proxy = policy.proxySocket;

  net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
    const call = connectCall(args, policy, 'net.Socket.connect');
    if (!proxy) return socketConnect.call(this, call.options, call.callback) as net.Socket;
    if (this instanceof tls.TLSSocket) {
      throw denied('a TLS socket connects through tls.connect under the OS boundary');
    }
    socketConnect.call(this, { path: proxy }, call.callback);
    this.write(proxyHeader(call.host, call.port));
    return this;
  };

  const netConnect = (via: string) =>
    function connect(...args: unknown[]): net.Socket {
      const call = connectCall(args, policy, via);
      const socket = new net.Socket({ allowHalfOpen: call.options.allowHalfOpen === true });
      if (typeof call.options.timeout === 'number') socket.setTimeout(call.options.timeout);
      return (socket.connect as (...a: unknown[]) => net.Socket)(call.options, call.callback);
    };
  (net as { connect: unknown }).connect = netConnect('net.connect');
  (net as { createConnection: unknown }).createConnection = netConnect('net.createConnection');

  (tls as { connect: unknown }).connect = function connect(...args: unknown[]): tls.TLSSocket {
    const call = connectCall(args, policy, 'tls.connect', true);
    const options = { ...call.options };
    if (!options.socket && proxy) {
      // TLS over a raw connection through the proxy; the name still goes in SNI and the check.
      options.socket = new net.Socket().connect({ host: call.host, port: call.port });
      if (options.servername === undefined && net.isIP(call.host) === 0) options.servername = call.host;
    }
    return tlsConnect(options, call.callback) as tls.TLSSocket;
  };

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
  // UDP: every way in (the factory, the constructor's methods, the handle factory) is refused.
  guard(dgram, 'createSocket', () => {
    throw UDP_REFUSED();
  });
  for (const key of ['bind', 'connect', 'send', 'sendto', 'addMembership', 'addSourceSpecificMembership']) {
    guard(dgram.Socket.prototype, key, () => {
      throw UDP_REFUSED();
    });
  }
  guard(dgram, '_createSocketHandle', () => {
    throw UDP_REFUSED();
  });
  const resolvers = [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype];
  for (const target of resolvers) {
    for (const key of DNS_QUERIES) {
      guard(target, key, (a) => checkHost(typeof a[0] === 'string' ? a[0] : '', policy, `dns.${key}`));
    }
    for (const key of ['reverse', 'lookupService', 'setServers']) {
      guard(target, key, () => {
        throw denied(`dns.${key} is not available to tools`);
      });
    }
  }
}
