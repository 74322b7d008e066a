// GET /v1/contract/:address against the vendor doubles (Blockscout's smart-contract record and
// GoPlus's address security, as their doubles in @pkg/shared/testing answer them): each panel a
// section with its provenance, the edge headers, 304 on a matching ETag, 400 on a bad address,
// and a failing source that blanks nothing else and is not kept.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ROUTER, TOKEN, startDoubles, type Doubles } from '@pkg/shared/testing';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let d: Doubles;
let server: TestServer;
beforeAll(async () => {
  d = await startDoubles();
  server = await startTestServer({ dataEnv: d.env });
});
beforeEach(() => d.reset());
afterAll(async () => {
  await server.close();
  await d.close();
});

interface Answer {
  address: string;
  verified: {
    status: string;
    data?: { name?: string; functions: { signature: string }[] };
    provenance?: { source: string; fetchedAt: string };
    reason?: string;
  };
  security: { status: string; provenance?: { source: string } };
}

describe('GET /v1/contract/:address', () => {
  test('verified interface and security flags, each with its source and time; edge headers; 304', async () => {
    const res = await fetch(`${server.url}/v1/contract/${ROUTER}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.verified).toMatchObject({
      status: 'LIVE',
      data: { name: 'UniversalRouter', functions: [{ signature: 'execute()' }] },
      provenance: { source: 'blockscout', fetchedAt: expect.any(String) },
    });
    expect(body.security).toMatchObject({ status: 'LIVE', provenance: { source: 'goplus' } });
    await expectEdgeCached(res, `${server.url}/v1/contract/${ROUTER}`, 600);
  });

  test('an invalid address is 400 in the uniform error body', async () => {
    const res = await fetch(`${server.url}/v1/contract/0x123`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
  });

  test('a failing explorer blanks nothing else, and that answer is not kept', async () => {
    const other = TOKEN;
    d.blockscout.failNext.push(
      { status: 500, body: { message: 'Internal Server Error' } },
      { status: 500, body: { message: 'Internal Server Error' } },
    );
    const res = await fetch(`${server.url}/v1/contract/${other}`);
    const body = (await res.json()) as Answer;
    expect(body.verified.status).toBe('ERROR');
    expect(body.security.status).toBe('LIVE');
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
    const next = (await (await fetch(`${server.url}/v1/contract/${other}`)).json()) as Answer;
    expect(next.verified).toMatchObject({ status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE' });
  });
});
