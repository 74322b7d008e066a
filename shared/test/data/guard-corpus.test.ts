// The network guard's corpus: every URL below is refused before any connection. Each one is
// configured as the public RPC endpoint WITHOUT PKG_NET_ALLOW_PRIVATE; a local server that
// counts connections stays at 0, and the injected resolver shows when no lookup happened.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { startHttpDouble, type HttpDouble } from '../vendors/http-double.js';
import { startPublicRpcServer } from '../vendors/public-rpc-server.js';
import type { RpcDouble } from '../vendors/json-rpc-double.js';

let counter: HttpDouble;
let rpc: RpcDouble;
const lookups: string[] = [];
function addressesOf(hostname: string): LookupAddress[] {
  lookups.push(hostname);
  if (hostname === 'rpc.example.com') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'mixed.example.com')
    return [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
  if (hostname === 'mapped.example.com') return [{ address: '::ffff:192.168.0.1', family: 6 }];
  throw Object.assign(new Error(`no DNS in tests: ${hostname}`), { code: 'ENOTFOUND' });
}
const resolve = (hostname: string): Promise<LookupAddress[]> =>
  Promise.resolve().then(() => addressesOf(hostname));

beforeAll(async () => {
  counter = await startHttpDouble((_req, _body, res) => res.end('{}'));
  rpc = await startPublicRpcServer();
});
afterAll(async () => {
  await counter.close();
  await rpc.close();
});

async function chainInfoVia(url: string, allowPrivate = false) {
  const env = { PUBLIC_RPC_URL: url, ...(allowPrivate ? { PKG_NET_ALLOW_PRIVATE: '1' } : {}) };
  const client = createDataClient({ env, resolve });
  try {
    return await client.chain.info();
  } finally {
    await client.close();
  }
}

describe('refused before any connection', () => {
  const p = () => counter.port;
  test.each([
    ['loopback IPv4', () => `http://127.0.0.1:${p()}/`, 'PRIVATE_ADDRESS'],
    ['localhost', () => `http://localhost:${p()}/`, 'PRIVATE_NAME'],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${p()}/`, 'PRIVATE_ADDRESS'],
    ['loopback IPv6 [::1]', () => `http://[::1]:${p()}/`, 'PRIVATE_ADDRESS'],
    ['IPv4-mapped IPv6 [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${p()}/`, 'PRIVATE_ADDRESS'],
    ['decimal IPv4 2130706433', () => `http://2130706433:${p()}/`, 'PRIVATE_ADDRESS'],
    ['octal IPv4 0177.0.0.1', () => `http://0177.0.0.1:${p()}/`, 'PRIVATE_ADDRESS'],
    ['hex IPv4 0x7f.0.0.1', () => `http://0x7f.0.0.1:${p()}/`, 'PRIVATE_ADDRESS'],
    ['hex IPv4 0x7f000001', () => `http://0x7f000001:${p()}/`, 'PRIVATE_ADDRESS'],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', 'PRIVATE_ADDRESS'],
    ['cloud metadata IPv6 fd00:ec2::254', () => 'http://[fd00:ec2::254]/', 'PRIVATE_ADDRESS'],
    ['private 10.x', () => 'https://10.0.0.1/', 'PRIVATE_ADDRESS'],
    ['private 192.168.x', () => 'https://192.168.1.10/', 'PRIVATE_ADDRESS'],
    ['CGNAT 100.64.x', () => 'https://100.64.0.1/', 'PRIVATE_ADDRESS'],
    ['a .local name', () => 'https://node.local/', 'PRIVATE_NAME'],
    ['an .internal name', () => 'https://metadata.google.internal/', 'PRIVATE_NAME'],
    ['userinfo in the URL', () => 'https://user:secret@rpc.example.org/', 'CREDENTIALS_IN_URL'],
    ['a public name resolving to loopback', () => `https://rpc.example.com:${p()}/`, 'PRIVATE_ADDRESS'],
    [
      'a name with one private address among public ones',
      () => `https://mixed.example.com:${p()}/`,
      'PRIVATE_ADDRESS',
    ],
    [
      'a name resolving to IPv4-mapped private IPv6',
      () => `https://mapped.example.com:${p()}/`,
      'PRIVATE_ADDRESS',
    ],
  ])('%s', async (_name, url, reason) => {
    lookups.length = 0;
    const result = await chainInfoVia(url());
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(result.status === 'ERROR' && result.attemptedProviders[0]?.error).toContain(`(${reason})`);
    expect(counter.connections).toBe(0);
    if (reason !== 'PRIVATE_ADDRESS' || !/example\.com/.test(url())) expect(lookups).toEqual([]);
  });

  test('PKG_NET_ALLOW_PRIVATE=1 admits the configured endpoint only', async () => {
    expect(await chainInfoVia(rpc.url, true)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'public-rpc' },
    });
    expect(await chainInfoVia(rpc.url, false)).toMatchObject({ status: 'ERROR' });
  });

  test('a redirect from the allowed endpoint to a private address is refused before connecting', async () => {
    const target = await startHttpDouble((_req, _body, res) => res.end('{}'));
    const redirector = await startHttpDouble((_req, _body, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${target.port}/` });
      res.end();
    });
    const metadata = await startHttpDouble((_req, _body, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    const viaTarget = await chainInfoVia(`${redirector.origin}/`, true);
    expect(viaTarget.status === 'ERROR' && viaTarget.attemptedProviders[0]?.error).toContain(
      '(PRIVATE_ADDRESS)',
    );
    expect(target.connections).toBe(0);
    expect(redirector.requests).toBe(1);
    const viaMetadata = await chainInfoVia(`${metadata.origin}/`, true);
    expect(viaMetadata.status === 'ERROR' && viaMetadata.attemptedProviders[0]?.error).toContain(
      '(HOST_NOT_ALLOWED)',
    );
    await Promise.all([target.close(), redirector.close(), metadata.close()]);
  });

  test('a plain-http public endpoint is refused: TLS is required', async () => {
    const result = await chainInfoVia('http://rpc.example.org/');
    expect(result.status === 'ERROR' && result.attemptedProviders[0]?.error).toContain('(INSECURE_SCHEME)');
  });

  test('a response over the 5 MiB cap is refused while streaming, declared or not', async () => {
    const big = 'x'.repeat(5 * 1024 * 1024 + 1);
    const declared = await startHttpDouble((_req, _body, res) => res.end(big));
    const chunked = await startHttpDouble((_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(big.slice(0, 3_000_000));
      res.end(big.slice(3_000_000));
    });
    for (const double of [declared, chunked]) {
      const result = await chainInfoVia(`${double.origin}/`, true);
      expect(result.status === 'ERROR' && result.attemptedProviders[0]?.error).toContain(
        '(RESPONSE_TOO_LARGE)',
      );
    }
    await Promise.all([declared.close(), chunked.close()]);
  });
});
