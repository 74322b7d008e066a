// The network proxy of the OS boundary (docs/sandbox.md, "The OS boundary on Linux"). The sandbox has its own
// network namespace with nothing in it but loopback; its one way out is a Unix socket bound into
// it, served here, in the CLI, outside the sandbox. Each connection starts with one line naming
// the host and port (network-policy.ts); the proxy admits it only when the manifest declares the
// host by name, resolves the name itself, refuses private, loopback, link-local and other
// non-public addresses (an IP literal is reached only when declared as that literal), connects
// to an address that passed, and relays bytes. A refusal closes the connection and is recorded,
// with its reason, for the CLI to report.
import { lookup } from 'node:dns/promises';
import { createConnection, createServer, isIP, type Server, type Socket } from 'node:net';
import { isPublicAddress } from '@pkg/shared';
import { hostAllowed, normalizeHost, parseProxyHeader, PROXY_HEADER_MAX } from '../network-policy.js';

/** Connections a tool may hold open at once through the proxy. */
export const PROXY_MAX_CONNECTIONS = 64;
const CONNECT_TIMEOUT_MS = 15_000;

export interface NetworkProxy {
  socketPath: string;
  /** Why connections were refused, in order (host:port and the reason). */
  readonly refusals: string[];
  /** Connections relayed to a declared host. */
  readonly relayed: number;
  close(): Promise<void>;
}

type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The address to dial for `host`, or the reason there is none. */
async function target(
  host: string,
  hosts: readonly string[],
  resolve: Resolve,
): Promise<{ address: string } | { refused: string }> {
  const name = normalizeHost(host);
  if (!hostAllowed(name, hosts)) return { refused: 'not declared in manifest permissions.network' };
  if (isIP(name)) return { address: name }; // declared as this very literal: the user's choice
  let addresses: string[];
  try {
    addresses = await resolve(name);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { refused: `the name does not resolve (${typeof code === 'string' ? code : 'DNS error'})` };
  }
  const open = addresses.find((a) => isPublicAddress(a));
  if (open) return { address: open };
  return {
    refused: `it resolves only to non-public addresses (${addresses.join(', ') || 'none'}); declare an IP literal to reach one`,
  };
}

/** What one proxy keeps while it runs. */
interface ProxyState {
  readonly hosts: readonly string[];
  readonly resolve: Resolve;
  readonly refusals: string[];
  readonly open: Set<Socket>;
  relayed: number;
}

function refuse(state: ProxyState, client: Socket, why: string): void {
  state.refusals.push(why);
  client.destroy();
}

/** Reads the `PKG-CONNECT host port` line from a new client, then dials what it names. */
function accept(state: ProxyState, client: Socket): void {
  if (state.open.size >= PROXY_MAX_CONNECTIONS) {
    refuse(state, client, `a connection: more than ${PROXY_MAX_CONNECTIONS} open at once`);
    return;
  }
  state.open.add(client);
  client.on('close', () => state.open.delete(client));
  client.on('error', () => undefined);
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf(0x0a);
    if (end < 0) {
      if (head.length > PROXY_HEADER_MAX) refuse(state, client, 'a connection that did not name its host');
      return;
    }
    client.off('data', onData);
    client.pause();
    const request = parseProxyHeader(head.subarray(0, end).toString('latin1'));
    if (!request) refuse(state, client, 'a connection that did not name its host');
    else void dial(state, client, request, head.subarray(end + 1));
  };
  client.on('data', onData);
}

/** Connects to an admitted host and relays both ways; refuses what the policy does not admit. */
async function dial(
  state: ProxyState,
  client: Socket,
  request: { host: string; port: number },
  rest: Buffer,
): Promise<void> {
  const found = await target(request.host, state.hosts, state.resolve);
  if ('refused' in found) {
    refuse(state, client, `${request.host}:${request.port}: ${found.refused}`);
    return;
  }
  if (client.destroyed) return;
  const upstream = createConnection({ host: found.address, port: request.port });
  state.open.add(upstream);
  upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy());
  upstream.on('close', (hadError) => {
    state.open.delete(upstream);
    // After a clean close, let what is still on its way to the tool arrive.
    if (hadError) client.destroy();
    else client.end();
  });
  client.on('close', () => upstream.destroy());
  upstream.on('error', () => undefined);
  upstream.once('connect', () => {
    state.relayed++;
    upstream.setTimeout(0);
    if (rest.length > 0) upstream.write(rest);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  });
}

export function startNetworkProxy(
  socketPath: string,
  hosts: readonly string[],
  resolve: Resolve = systemResolve,
): Promise<NetworkProxy> {
  const state: ProxyState = { hosts, resolve, refusals: [], open: new Set(), relayed: 0 };
  const server: Server = createServer((client) => accept(state, client));
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolvePromise({
        socketPath,
        refusals: state.refusals,
        get relayed() {
          return state.relayed;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of state.open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
