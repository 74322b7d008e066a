// The holder pass with real signatures (docs/public-api.md, "Holder pass"): a viem account signs
// an EIP-4361 message built with the `siwe` package (personal_sign), the server checks it and
// reads the account's PKG balance on the chain double (balanceOf), and answers a pass valid 24 h.
// Each refusal names what was wrong; a pass that was forged, altered, unsigned or has expired is
// refused on the next request that sends it.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { HOLDER_PASS } from '@pkg/shared';
import { setPkgBalance } from '@pkg/shared/testing';
import { SignJWT } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { holderPass, newNonce, postPass, signInMessage } from '../helpers/holder-sign-in.js';
import { aiFakeClock, startAiTestServer, type AiTestServer } from '../helpers/ai-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

let stack: AiTestServer;
let server: TestServer;
const fc = aiFakeClock();
const now = () => new Date(fc.now());
const account = privateKeyToAccount(generatePrivateKey());
const other = privateKeyToAccount(generatePrivateKey());
const WHOLE = 10n ** 18n;

beforeAll(async () => {
  stack = await startAiTestServer(now);
  ({ server } = stack);
});
afterEach(() => {
  setPkgBalance(account.address, 0n);
  setPkgBalance(other.address, 0n);
});
afterAll(async () => {
  await stack?.close();
});

interface ErrorBody {
  error: { code: string; message: string; details: { path?: string; message: string }[] };
}

const quota = (pass: string) =>
  fetch(`${server.url}/v1/ask/quota`, { headers: { authorization: `Bearer ${pass}` } });

describe('POST /v1/holder-pass', () => {
  test('a holder with 200,000 PKG gets a pass for its checksummed address, valid 24 h', async () => {
    setPkgBalance(account.address, 200_000n * WHOLE);
    const nonceRes = await fetch(`${server.url}/v1/holder-pass/nonce`, { method: 'POST' });
    expect(nonceRes.status).toBe(200);
    expect(nonceRes.headers.get('cache-control')).toBe('no-store');
    const { nonce, expiresAt } = (await nonceRes.json()) as { nonce: string; expiresAt: string };
    expect(nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(expiresAt).toBe(new Date(fc.now() + HOLDER_PASS.nonceTtlMs).toISOString());

    const message = signInMessage(server.url, account, { nonce, now: now() });
    const res = await postPass(server.url, { message, signature: await account.signMessage({ message }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, string>;
    expect(body).toEqual({
      pass: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      address: account.address,
      expiresAt: new Date(fc.now() + 24 * 3_600_000).toISOString(),
      balance: '200000',
      threshold: '100000',
    });
    // The pass is accepted: the quota is the holder's.
    const q = await quota(body.pass ?? '');
    expect(q.status).toBe(200);
    expect(await q.json()).toMatchObject({ kind: 'holder', holder: 'holder', limit: 50 });
  });

  type Case = {
    name: string;
    path: string;
    says: RegExp;
    make: () => Promise<{ message: string; signature: string }>;
  };
  const signed = async (fields: Parameters<typeof signInMessage>[2], by = account) => {
    const message = signInMessage(server.url, account, fields);
    return { message, signature: await by.signMessage({ message }) };
  };
  const cases: Case[] = [
    {
      name: 'a message for another domain',
      path: 'domain',
      says: /The message is for example\.org, not 127\.0\.0\.1:\d+\./,
      make: async () =>
        signed({
          nonce: await newNonce(server.url),
          now: now(),
          domain: 'example.org',
          uri: 'https://example.org/ask',
        }),
    },
    {
      name: 'a message for another chain id',
      path: 'chainId',
      says: /chain 1, not 4663/,
      make: async () => signed({ nonce: await newNonce(server.url), now: now(), chainId: 1 }),
    },
    {
      name: 'an expired nonce',
      path: 'nonce',
      says: /nonce is unknown, expired or already used/,
      make: async () => {
        const nonce = await newNonce(server.url);
        fc.advance(HOLDER_PASS.nonceTtlMs + 60_000);
        return signed({ nonce, now: now() });
      },
    },
    {
      name: 'a message changed after it was signed',
      path: 'signature',
      says: /The signature was not made by 0x/,
      make: async () => {
        const { message, signature } = await signed({ nonce: await newNonce(server.url), now: now() });
        return { message: message.replace(HOLDER_PASS.statement, 'Sign in to ask.'), signature };
      },
    },
    {
      name: 'a signature by another account',
      path: 'signature',
      says: new RegExp(`The signature was not made by ${account.address}\\.`),
      make: async () => signed({ nonce: await newNonce(server.url), now: now() }, other),
    },
  ];
  test.each(cases)('refuses $name: 401 PASS_REFUSED naming $path', async ({ path, says, make }) => {
    setPkgBalance(account.address, 200_000n * WHOLE);
    const res = await postPass(server.url, await make());
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(401);
    expect(body.error.code).toBe('PASS_REFUSED');
    expect(body.error.message).toMatch(says);
    expect(body.error.details.map((x) => x.path)).toEqual([path]);
  });

  test('refuses a reused nonce, even with a fresh signature', async () => {
    setPkgBalance(account.address, 200_000n * WHOLE);
    const nonce = await newNonce(server.url);
    const first = await signed({ nonce, now: now() });
    expect((await postPass(server.url, first)).status).toBe(200);
    // The same message again, and a new message with the same nonce signed anew.
    for (const again of [first, await signed({ nonce, now: new Date(fc.now() + 1_000) })]) {
      const res = await postPass(server.url, again);
      const body = (await res.json()) as ErrorBody;
      expect(res.status).toBe(401);
      expect(body.error.code).toBe('PASS_REFUSED');
      expect(body.error.details[0]?.path).toBe('nonce');
    }
  });

  test('refuses a wallet under the threshold: 403 BELOW_THRESHOLD with the balance and the threshold', async () => {
    setPkgBalance(account.address, 99_999n * WHOLE);
    const res = await postPass(server.url, await signed({ nonce: await newNonce(server.url), now: now() }));
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(403);
    expect(body.error.code).toBe('BELOW_THRESHOLD');
    expect(body.error.message).toBe(
      'The wallet holds 99999 project tokens; a holder pass needs at least 100000.',
    );
  });

  test('malformed JSON is 400 BAD_REQUEST in the uniform error body', async () => {
    const res = await fetch(`${server.url}/v1/holder-pass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message": ',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('BAD_REQUEST');
  });
});

describe('a pass that does not verify is refused: 401 PASS_INVALID', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = () => ({
    sub: account.address,
    iss: 'pkg',
    aud: HOLDER_PASS.audience,
    iat: Math.floor(fc.now() / 1000),
    exp: Math.floor(fc.now() / 1000) + 3_600,
  });

  async function expectInvalid(pass: string, reason: RegExp) {
    const res = await quota(pass);
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(401);
    expect(body.error.code).toBe('PASS_INVALID');
    expect(body.error.message).toMatch(reason);
    expect(body.error.message).toMatch(/sign in again\.$/);
  }

  test('a pass signed with another key', async () => {
    const forged = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another key, not the server one, 32+ bytes long'));
    await expectInvalid(forged, /signature/);
  });

  test('a pass with one character of its payload changed', async () => {
    setPkgBalance(account.address, 200_000n * WHOLE);
    const pass = await holderPass(server.url, account, now());
    const [header, payload, signature] = pass.split('.') as [string, string, string];
    const i = Math.floor(payload.length / 2);
    const altered = `${payload.slice(0, i)}${payload[i] === 'A' ? 'B' : 'A'}${payload.slice(i + 1)}`;
    await expectInvalid(`${header}.${altered}.${signature}`, /not valid/);
  });

  test('an unsigned pass (alg: none)', async () => {
    await expectInvalid(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`, /HS256|malformed/);
  });

  test('a pass 24 h and 1 s after it was issued', async () => {
    setPkgBalance(account.address, 200_000n * WHOLE);
    const pass = await holderPass(server.url, account, now());
    expect((await quota(pass)).status).toBe(200);
    fc.advance(HOLDER_PASS.passTtlMs + 1_000);
    await expectInvalid(pass, /expired/);
  });
});
