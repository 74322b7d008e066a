// Which hosts a tool may reach, read the same way on both sides of the wall: by the network
// guard inside the tool's process and by the network proxy in the CLI (os-sandbox/net-proxy.ts).
// Also the one line the guard writes to open a connection through the proxy.
import { isIP } from 'node:net';

export interface NetworkPolicy {
  /** Host names and `*.suffix` patterns from manifest permissions.network. */
  hosts: readonly string[];
  /** Plain http to a declared loopback host (PKG_RUN_ALLOW_HTTP_LOOPBACK=1, for tests). */
  allowHttpLoopback: boolean;
  /** Under the OS boundary: the proxy's socket inside the sandbox; every connection goes there. */
  proxySocket?: string | undefined;
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
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}

/**
 * The first bytes on a connection to the proxy: `PKG-CONNECT <host> <port>\n`. The proxy answers
 * nothing: it either relays the bytes that follow or closes the connection (and tells the CLI
 * why), so that TLS and every other protocol run unchanged over the socket.
 */
export const PROXY_HEADER_MAX = 300;
export const proxyHeader = (host: string, port: number) => `PKG-CONNECT ${normalizeHost(host)} ${port}\n`;
const HEADER = /^PKG-CONNECT ([a-z0-9._:-]{1,253}) (\d{1,5})$/;

export function parseProxyHeader(line: string): { host: string; port: number } | undefined {
  const match = HEADER.exec(line);
  if (!match?.[1] || !match[2]) return undefined;
  const port = Number(match[2]);
  return port >= 1 && port <= 65535 ? { host: match[1], port } : undefined;
}
