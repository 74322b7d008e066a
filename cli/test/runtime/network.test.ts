// The network guard, against a local HTTP server that counts connections: an undeclared host is
// refused before any connection is made (the count stays 0), a declared one is reached. Plain
// http to a declared loopback host needs the test opt-in PKG_RUN_ALLOW_HTTP_LOOPBACK=1, which the
// CLI reads and never passes to the tool.
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { BOUNDARIES, createProbeProject, runUnder } from './probe-project.js';

const project = createProbeProject();
let server: Server;
let port = 0;
let connections = 0;
/** An https server on the declared 127.0.0.1 with a certificate made for this run. */
const tlsServer = { port: 0, ca: '', close: () => Promise.resolve() };

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect') res.writeHead(302, { location: `http://localhost:${port}/` });
    res.end('hello from the declared host');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const secure = createHttpsServer({ key: pems.private, cert: pems.cert }, (req, res) =>
    res.end(`tls ${req.url}`),
  );
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  Object.assign(tlsServer, {
    port: (secure.address() as AddressInfo).port,
    ca: pems.cert,
    close: () => new Promise((resolve) => secure.close(resolve)),
  });
});
afterAll(async () => {
  await tlsServer.close();
  await new Promise((resolve) => server.close(resolve));
  project.cleanup();
});
beforeEach(() => {
  connections = 0;
});

const optIn = { PKG_RUN_ALLOW_HTTP_LOOPBACK: '1' };

describe.each(BOUNDARIES)('network under the %s boundary', (sandbox) => {
  const run = (tool: string, input: object, env: NodeJS.ProcessEnv = optIn) =>
    runUnder(sandbox, ['@acme/probe', tool, '--input', JSON.stringify(input)], { cwd: project.root, env });

  test('TLS to a declared host works, through https and tls.connect (under the OS boundary: through the proxy)', async () => {
    const { code, stdout, stderr } = await run('tls', { port: tlsServer.port, ca: tlsServer.ca }, {});
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ viaHttps: 'tls /https', viaTls: 'tls /tls' });
  });

  test('fetching a declared host works', async () => {
    const { code, stdout } = await run('fetch', { url: `http://127.0.0.1:${port}/` });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ status: 200, body: 'hello from the declared host' });
    expect(connections).toBe(1);
  });

  test.each([
    ['context.fetch', { url: `http://localhost:PORT/` }],
    ['the global fetch', { url: `http://localhost:PORT/`, global: true }],
  ])('%s to an undeclared host fails before any connection', async (_name, input) => {
    const { code, stderr } = await run('fetch', { ...input, url: input.url.replace('PORT', String(port)) });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'error TOOL_PERMISSION_DENIED: The tool fetch was refused: network access to "localhost" (fetch) is not declared in manifest permissions.network (declared: 127.0.0.1, *.example.com).',
    );
    expect(connections).toBe(0);
  });

  test('a raw socket to an undeclared host fails before any connection', async () => {
    const { code, stderr } = await run('connect', { host: 'localhost', port });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'network access to "localhost" (net.connect) is not declared in manifest permissions.network',
    );
    expect(connections).toBe(0);
  });

  test('a raw socket to a declared host connects', async () => {
    const { code, stdout } = await run('connect', { host: '127.0.0.1', port });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ connected: true });
    expect(connections).toBe(1);
  });

  test('plain http is refused without the opt-in, even to a declared host', async () => {
    const { code, stderr } = await run('fetch', { url: `http://127.0.0.1:${port}/` }, {});
    expect(code).toBe(1);
    expect(stderr).toContain('plain http to "127.0.0.1" (fetch) is refused: tools connect over https');
    expect(connections).toBe(0);
  });

  test('the opt-in is not passed to the tool', async () => {
    const { code, stdout } = await run('env', { name: 'PROBE_DECLARED' });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ keys: [] });
  });

  test('every other way out is refused too: ESM named imports, http.get, dns, redirects, listening', async () => {
    const { code, stdout } = await run('net-probes', { port });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      esmNamedImport: 'PKG_NETWORK_DENIED',
      httpGet: 'PKG_NETWORK_DENIED',
      dnsLookup: 'PKG_NETWORK_DENIED',
      redirect: 'PKG_NETWORK_DENIED',
      listen: 'PKG_NETWORK_DENIED',
    });
    expect(connections).toBe(1); // the declared request that answered with the redirect
  });
});
