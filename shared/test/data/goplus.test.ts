// GoPlus Security's real provider code against its double: the access-token signature (the
// SDK's test vector), the token flow (requested once, reused, requested again after expiry or
// when GoPlus calls it invalid), anonymous mode, the normalized reports, the envelope codes, and
// approval security refused without a request.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { goplusDescriptor } from '../../src/data/providers/goplus/descriptor.js';
import { goplusSign } from '../../src/data/providers/goplus/sign.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import {
  GP_ADDRESS,
  GP_HOLDER,
  GP_PAIR,
  GP_TOKEN,
  GP_UNKNOWN_TOKEN,
  startGoplusServer,
  type GoplusDouble,
} from '../vendors/goplus-server.js';
import { fakeClock } from './doubles.js';

const APP = { appKey: 'gpAppKey0123456789abc', appSecret: 'gpAppSecret0123456789abcdef' };
const KEYED: DataEnv = { GOPLUS_APP_KEY: APP.appKey, GOPLUS_APP_SECRET: APP.appSecret };
const T0 = Date.UTC(2026, 9, 1, 12, 0, 0);

let gp: GoplusDouble;
beforeAll(async () => {
  gp = await startGoplusServer(APP);
});
afterAll(() => gp.close());
beforeEach(() => gp.reset());
afterEach(() => {
  vi.useRealTimers();
});

function client(extra: DataEnv = {}) {
  return createDataClient({
    env: { GOPLUS_BASE_URL: gp.baseUrl, PKG_NET_ALLOW_PRIVATE: '1', ...extra },
    providers: [goplusDescriptor],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
}

test('the access-token signature matches the SDK test vector', () => {
  expect(goplusSign('mBOMg20QW11BbtyH4Zh0', 1647847498, 'V6aRfxlPJwN3ViJSIFSCdxPvneajuJsh')).toBe(
    '7293d385b9225b3c3f232b76ba97255d0e21063e',
  );
});

test('anonymous: no token request and no Authorization; the token report normalized', async () => {
  const c = client();
  const result = await c.security.token({ address: GP_TOKEN });
  expect(resultSchema.parse(result)).toMatchObject({
    status: 'LIVE',
    data: {
      address: GP_TOKEN,
      tokenName: 'Example',
      tokenSymbol: 'EXM',
      totalSupply: '100000000',
      holderCount: 1534,
      isOpenSource: true,
      isProxy: false,
      isMintable: false,
      creatorAddress: GP_HOLDER,
      creatorBalance: '4200000',
      creatorPercentFraction: 0.042,
      isHoneypot: false,
      honeypotWithSameCreator: 0,
      buyTaxFraction: 0.05,
      slippageModifiable: true,
      isWhitelisted: true,
      isInDex: true,
      trustList: false,
      lpHolderCount: 3,
      lpTotalSupply: '1000',
      dex: [{ name: 'UniswapV4', liquidityUsd: 98_873.55, pair: GP_PAIR }],
      holders: [
        {
          address: GP_HOLDER,
          isContract: false,
          balance: '4200000',
          percentFraction: 0.042,
          isLocked: false,
        },
      ],
      lpHolders: [
        {
          address: GP_PAIR,
          tag: 'Uniswap V4 PoolManager',
          isContract: true,
          percentFraction: 0.6,
          isLocked: true,
          lockedDetail: [{ amount: '600', optTime: '2026-08-20T09:00:00Z', endTime: '2027-08-20T09:00:00Z' }],
          nftList: [{ nftId: '42', amount: '600', value: '59000', nftPercentage: '0.6', inEffect: '1' }],
        },
      ],
    },
    provenance: { source: 'goplus', chain: 'robinhood', chainId: 4663 },
  });
  if (result.status !== 'LIVE') throw new Error('expected LIVE');
  // "" or missing upstream: absent, never false, 0 or "".
  for (const absent of [
    'ownerAddress',
    'sellTaxFraction',
    'transferPausable',
    'hiddenOwner',
    'isAntiWhale',
    'note',
  ])
    expect(result.data).not.toHaveProperty(absent);
  const holder = (result.data as { holders: object[] }).holders[0];
  expect(holder).not.toHaveProperty('tag');
  expect(gp.calls).toHaveLength(1);
  expect(gp.calls[0]).toMatchObject({
    method: 'GET',
    path: '/api/v1/token_security/4663',
    authorization: undefined,
  });
  expect(gp.calls[0]?.query.get('contract_addresses')).toBe(GP_TOKEN);
  expect(gp.count('/api/v1/token')).toBe(0);
  await c.close();
});

test('address security: flags as booleans, empty data source absent', async () => {
  const c = client();
  const result = await c.security.address({ address: GP_ADDRESS });
  expect(result).toMatchObject({
    status: 'LIVE',
    data: {
      address: GP_ADDRESS,
      isContract: false,
      maliciousContractsCreated: 0,
      flags: {
        phishingActivities: true,
        cybercrime: false,
        moneyLaundering: false,
        honeypotRelatedAddress: false,
      },
    },
  });
  if (result.status !== 'LIVE') throw new Error('expected LIVE');
  expect(result.data).not.toHaveProperty('dataSource');
  expect(Object.keys((result.data as { flags: object }).flags)).toHaveLength(17);
  expect(gp.calls[0]?.path).toBe(`/api/v1/address_security/${GP_ADDRESS}`);
  expect(gp.calls[0]?.query.get('chain_id')).toBe('4663');
  await c.close();
});

describe('the access-token flow', () => {
  test('requested once with a valid signature, reused, requested again after expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const c = client(KEYED);
    expect(await c.security.token({ address: GP_TOKEN })).toMatchObject({ status: 'LIVE' });
    const [tokenCall, dataCall] = gp.calls;
    const time = Math.floor(T0 / 1000);
    expect(tokenCall).toMatchObject({
      method: 'POST',
      path: '/api/v1/token',
      body: { app_key: APP.appKey, time, sign: goplusSign(APP.appKey, time, APP.appSecret) },
    });
    // Sent raw, as the vendor's SDKs do (no "Bearer").
    expect(dataCall?.authorization).toBe(gp.issued[0]);

    vi.setSystemTime(T0 + 3_000_000);
    expect(await c.security.address({ address: GP_ADDRESS })).toMatchObject({ status: 'LIVE' });
    expect(await c.security.token({ address: GP_TOKEN, fresh: true })).toMatchObject({ status: 'LIVE' });
    expect(gp.count('/api/v1/token')).toBe(1);
    expect(gp.calls.at(-1)?.authorization).toBe(gp.issued[0]);

    vi.setSystemTime(T0 + 3_600_000);
    expect(await c.security.token({ address: GP_TOKEN, fresh: true })).toMatchObject({ status: 'LIVE' });
    expect(gp.count('/api/v1/token')).toBe(2);
    expect(gp.issued).toHaveLength(2);
    expect(gp.calls.at(-1)?.authorization).toBe(gp.issued[1]);
    await c.close();
  });

  test('a token GoPlus calls invalid (4022) is requested again once', async () => {
    const c = client(KEYED);
    expect(await c.security.token({ address: GP_TOKEN })).toMatchObject({ status: 'LIVE' });
    gp.revokeTokens();
    expect(await c.security.address({ address: GP_ADDRESS })).toMatchObject({ status: 'LIVE' });
    expect(gp.count('/api/v1/token')).toBe(2);
    expect(gp.calls.map((call) => call.authorization ?? call.path)).toEqual([
      '/api/v1/token',
      gp.issued[0],
      gp.issued[0],
      '/api/v1/token',
      gp.issued[1],
    ]);
    await c.close();
  });

  test('a refused signature (4012) is auth_failed; no data request is sent', async () => {
    const c = client({ ...KEYED, GOPLUS_APP_SECRET: 'gpWrongSecret0123456789' });
    const result = await c.security.token({ address: GP_TOKEN });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [
        {
          provider: 'goplus',
          error:
            'auth_failed: credentials refused: /api/v1/token: GoPlus code 4012 (SIGNATURE_VERIFICATION_FAILURE)',
        },
      ],
    });
    expect(gp.calls.map((call) => call.path)).toEqual(['/api/v1/token']);
    await c.close();
  });

  test('only one of GOPLUS_APP_KEY and GOPLUS_APP_SECRET: not configured, nothing sent', async () => {
    const c = client({ GOPLUS_APP_KEY: APP.appKey });
    expect(await c.security.token({ address: GP_TOKEN })).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'goplus', error: 'GOPLUS_APP_KEY and GOPLUS_APP_SECRET must be set together' }],
    });
    expect(c.providers.list()[0]).toMatchObject({
      configured: false,
      reason: 'GOPLUS_APP_KEY and GOPLUS_APP_SECRET must be set together',
    });
    expect(gp.calls).toHaveLength(0);
    await c.close();
  });
});

describe('envelope codes', () => {
  test('result {} (no report): UNAVAILABLE', async () => {
    const c = client();
    expect(await c.security.token({ address: GP_UNKNOWN_TOKEN })).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'no provider has data',
      answers: [
        {
          provider: 'goplus',
          error: `no data: GoPlus has no token security report for ${GP_UNKNOWN_TOKEN} on chain 4663`,
        },
      ],
    });
    await c.close();
  });

  test('4029 (even with result {}): RATE_LIMITED', async () => {
    const c = client();
    gp.failNext.push({ body: { code: 4029, message: 'FREQUENCY_OVER_LIMIT', result: {} } });
    expect(await c.security.token({ address: GP_TOKEN })).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        {
          provider: 'goplus',
          error:
            'rate_limited: rate limited: /api/v1/token_security/4663: GoPlus code 4029 (FREQUENCY_OVER_LIMIT)',
        },
      ],
    });
    await c.close();
  });

  test('2022 (chain not supported, as answered live): UNAVAILABLE', async () => {
    const c = client();
    gp.failNext.push({ body: { code: 2022, message: 'The main chain is not supported', result: null } });
    const result = await c.security.address({ address: GP_ADDRESS });
    expect(result).toMatchObject({ status: 'UNAVAILABLE', reason: 'no provider has data' });
    expect(JSON.stringify(result)).toContain('no data: GoPlus does not cover chain 4663 here');
    await c.close();
  });

  test('2 (data pending) is a provider failure; 5006 is a refused request', async () => {
    const c = client();
    gp.failNext.push({ body: { code: 2, message: 'DATA_PENDING_SYNC', result: {} } });
    expect(await c.security.token({ address: GP_TOKEN })).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
    });
    gp.failNext.push({ body: { code: 5006, message: 'PARAM_ERROR', result: null } });
    expect(await c.security.address({ address: GP_ADDRESS })).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      message: `/api/v1/address_security/${GP_ADDRESS}: GoPlus code 5006 (PARAM_ERROR)`,
    });
    await c.close();
  });
});

test.each([
  ['anonymous', {}],
  ['with an app key', KEYED],
] as const)('approval security (%s): UNAVAILABLE with the reason, zero requests', async (_label, env) => {
  const c = client(env);
  const result = await c.security.approvals({ address: GP_ADDRESS });
  expect(resultSchema.parse(result)).toMatchObject({
    status: 'UNAVAILABLE',
    capability: 'security.approvals',
    reason: 'every provider refused the method',
    answers: [
      {
        provider: 'goplus',
        error: 'unsupported: GoPlus approval security does not cover Robinhood Chain (4663)',
      },
    ],
  });
  expect(gp.calls).toHaveLength(0);
  await c.close();
});

test('health: supported chains of token security, 4663 among them', async () => {
  const c = client(KEYED);
  const health = await c.providers.health();
  expect(health).toMatchObject({
    status: 'LIVE',
    sections: {
      goplus: {
        status: 'LIVE',
        data: {
          chains: 3,
          chain4663Listed: true,
          authenticated: true,
          endpoint: `${gp.baseUrl} (access token for app key {key})`,
        },
      },
    },
  });
  expect(gp.calls.at(-1)).toMatchObject({ path: '/api/v1/supported_chains', authorization: gp.issued[0] });
  expect(gp.calls.at(-1)?.query.get('name')).toBe('token_security');
  await c.close();
});

test('redaction: app key, secret and access token echoed by the vendor never reach a result', async () => {
  const secrets = { COINGECKO_API_KEY: 'CG-demoKey0123456789abcdefXYZ', ...KEYED };
  const c = client(secrets);
  expect(await c.security.address({ address: GP_ADDRESS })).toMatchObject({ status: 'LIVE' });
  const token = gp.issued[0] ?? '';
  const echo = `${Object.values(secrets).join(' ')} ${token}`;
  const replies = [
    { body: { code: 4029, message: echo, result: {} } },
    { body: { code: 2022, message: echo, result: null } },
    { body: { code: 5006, message: echo, result: null } },
    { body: { code: 5000, message: echo, result: null } },
    { status: 503, body: { code: 5000, message: echo } },
  ];
  for (const reply of replies) {
    gp.failNext.push(reply);
    const result = await c.security.token({ address: GP_TOKEN, fresh: true });
    expect(['ERROR', 'UNAVAILABLE']).toContain(result.status);
    const text = JSON.stringify(result);
    expect(text).toContain('{key}');
    for (const secret of [...Object.values(secrets), token]) expect(text).not.toContain(secret);
  }
  await c.close();

  // A refused token request (a client that never received a token).
  for (const code of [4010, 4012]) {
    const fresh = client(secrets);
    gp.failNext.push({ body: { code, message: Object.values(secrets).join(' '), result: null } });
    const result = await fresh.security.token({ address: GP_TOKEN });
    expect(result.status).toBe('ERROR');
    for (const secret of Object.values(secrets)) expect(JSON.stringify(result)).not.toContain(secret);
    await fresh.close();
  }
});
