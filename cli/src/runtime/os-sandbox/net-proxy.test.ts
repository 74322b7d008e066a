// The network proxy of the OS boundary, driven over its Unix socket the way the network guard
// inside the sandbox drives it: a connection opened with `PKG-CONNECT <host> <port>\n` to a host
// declared as an IP literal is relayed to a local TCP server; an undeclared host, a declared name
// that resolves only to non-public addresses, a name that does not resolve, and a connection
// that never names its host are closed without any connection to the server (which counts them),
// each with its reason in `proxy.refusals`.
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type NetworkProxy, startNetworkProxy } from './net-proxy.js';

const HOSTS = ['127.0.0.1', 'rebind.example', '*.example.com'];

// Stands in for DNS answers (the system resolver's `lookup(host, { all: true })`, as a list of
// addresses), so that the test decides what each name resolves to and needs no network.
const resolved: string[] = [];
async function resolve(host: string): Promise<string[]> {
  resolved.push(host);
  await Promise.resolve();
  if (host === 'rebind.example') return ['127.0.0.1', '10.0.0.7'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}

let dir = '';
let proxy: NetworkProxy;
let server: Server;
let port = 0;
let connections = 0;
const received: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pkg-net-proxy-'));
  // The upstream: reads one line, answers with a greeting that quotes it, and hangs up.
  server = createServer((socket) => {
    connections++;
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\n')) return;
      received.push(text);
      socket.end(`hello from upstream, you said ${text}`);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  proxy = await startNetworkProxy(join(dir, 'net.sock'), HOSTS, resolve);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  connections = 0;
  received.length = 0;
  resolved.length = 0;
});

/** Opens a connection to the proxy, writes `bytes`, and collects what comes back until it closes. */
function exchange(bytes: string): Promise<string> {
  return new Promise((done) => {
    const socket = createConnection({ path: proxy.socketPath });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a refused connection may be reset under our write
    socket.on('close', () => done(answer));
    socket.write(bytes);
  });
}

/** Refusals recorded while `f` runs. */
async function refusalsDuring(f: () => Promise<unknown>): Promise<string[]> {
  const before = proxy.refusals.length;
  await f();
  return proxy.refusals.slice(before);
}

describe('the network proxy', () => {
  test('a host declared as the IP literal 127.0.0.1 is relayed both ways', async () => {
    let answer = '';
    const refusals = await refusalsDuring(async () => {
      answer = await exchange(`PKG-CONNECT 127.0.0.1 ${port}\nping\n`);
    });
    expect(received).toEqual(['ping\n']); // the bytes after the header, and not the header
    expect(answer).toBe('hello from upstream, you said ping\n');
    expect(connections).toBe(1);
    expect(proxy.relayed).toBe(1);
    expect(refusals).toEqual([]);
    expect(resolved).toEqual([]); // a declared literal is dialled as it is, never resolved
  });

  test('an undeclared host is closed without reaching the server', async () => {
    let answer = '';
    const refusals = await refusalsDuring(async () => {
      answer = await exchange(`PKG-CONNECT localhost ${port}\nping\n`);
    });
    expect(answer).toBe('');
    expect(connections).toBe(0);
    expect(refusals).toEqual([`localhost:${port}: not declared in manifest permissions.network`]);
    expect(resolved).toEqual([]);
  });

  test('*.example.com does not cover the apex example.com', async () => {
    const refusals = await refusalsDuring(() => exchange(`PKG-CONNECT example.com ${port}\nping\n`));
    expect(connections).toBe(0);
    expect(refusals).toEqual([`example.com:${port}: not declared in manifest permissions.network`]);
  });

  test('a declared name that resolves only to private and loopback addresses is refused', async () => {
    let answer = '';
    const refusals = await refusalsDuring(async () => {
      answer = await exchange(`PKG-CONNECT rebind.example ${port}\nping\n`);
    });
    expect(answer).toBe('');
    expect(connections).toBe(0);
    expect(resolved).toEqual(['rebind.example']);
    expect(refusals).toEqual([
      `rebind.example:${port}: it resolves only to non-public addresses (127.0.0.1, 10.0.0.7); declare an IP literal to reach one`,
    ]);
  });

  test('a name under a declared wildcard that does not resolve is refused with the DNS code', async () => {
    let answer = '';
    const refusals = await refusalsDuring(async () => {
      answer = await exchange(`PKG-CONNECT api.example.com ${port}\nping\n`);
    });
    expect(answer).toBe('');
    expect(connections).toBe(0);
    expect(resolved).toEqual(['api.example.com']);
    expect(refusals).toEqual([`api.example.com:${port}: the name does not resolve (ENOTFOUND)`]);
  });

  test.each([
    ['a request that is not a PKG-CONNECT line', 'GET / HTTP/1.1\n'],
    ['a port out of range', 'PKG-CONNECT 127.0.0.1 70000\n'],
    ['a header longer than 300 bytes with no newline', `PKG-CONNECT 127.0.0.1 ${'1'.repeat(400)}`],
  ])('%s is closed as a connection that did not name its host', async (_name, bytes) => {
    let answer = '';
    const refusals = await refusalsDuring(async () => {
      answer = await exchange(bytes);
    });
    expect(answer).toBe('');
    expect(connections).toBe(0);
    expect(refusals).toEqual(['a connection that did not name its host']);
  });

  test('after all the refusals, the one relayed connection is still the only one', () => {
    expect(proxy.relayed).toBe(1);
  });
});
