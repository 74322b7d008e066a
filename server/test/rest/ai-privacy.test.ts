// No collection holds a wallet address (docs/public-api.md, "Holder pass", "Privacy"): after a
// whole holder flow (a nonce, a pass, a quota read, holder questions, one of which has the model
// call the `wallet` tool with the holder's address, a refused sign-in, and an explanation of a
// verified contract), every document of every collection is read and searched for the address,
// in any case, and no counter id is the plain SHA-256 of it: counters are keyed hashes. The model
// is the OpenRouter double, scripted with a tool call and text replies, and with a structured
// answer for the explanation (the chat-completions response of
// https://openrouter.ai/docs/api-reference/overview and its tool_calls of
// https://openrouter.ai/docs/features/tool-calling, as the double builds them).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EJSON } from 'bson';
import { ROUTER, setPkgBalance, type Doubles } from '@pkg/shared/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { holderPass, newNonce, postPass, signInMessage } from '../helpers/holder-sign-in.js';
import { aiFakeClock, startAiTestServer, type AiTestServer } from '../helpers/ai-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

let stack: AiTestServer;
let d: Doubles;
let server: TestServer;
const fc = aiFakeClock();
const now = () => new Date(fc.now());
const account = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
const IP = '203.0.113.7';

beforeAll(async () => {
  stack = await startAiTestServer(now, { PKG_TRUST_PROXY: 'loopback' });
  ({ d, server } = stack);
});
afterAll(async () => {
  setPkgBalance(account.address, 0n);
  await stack?.close();
});

/** Every document of every collection, as extended JSON (binary as hex), lower-cased. */
async function everything(): Promise<{ text: string; counterIds: string[] }> {
  const db = server.deps.db.db;
  if (!db) throw new Error('no database');
  const docs: Record<string, unknown[]> = {};
  for (const { name } of await db.listCollections().toArray())
    docs[name] = await db.collection(name).find({}).toArray();
  const text = JSON.stringify(
    JSON.parse(EJSON.stringify(docs, { relaxed: false })),
    (_key, value: unknown) =>
      value && typeof value === 'object' && '$binary' in value
        ? Buffer.from((value as { $binary: { base64: string } }).$binary.base64, 'base64').toString('hex')
        : value,
  );
  return {
    text: text.toLowerCase(),
    counterIds: ((docs.counters ?? []) as { _id: unknown }[]).map((c) => String(c._id)),
  };
}

test('after a whole holder flow, no collection holds the wallet address', async () => {
  const headers = { 'x-forwarded-for': IP };
  setPkgBalance(account.address, 200_000n * 10n ** 18n);
  const pass = await holderPass(server.url, account, now(), headers);
  const auth = { ...headers, authorization: `Bearer ${pass}` };

  const quota = await fetch(`${server.url}/v1/ask/quota`, { headers: auth });
  expect(await quota.json()).toMatchObject({ kind: 'holder', remaining: 50 });

  // A question whose model calls the wallet tool with the holder's address, then a plain one.
  d.openrouter.replies.push(
    { toolCalls: [{ name: 'wallet', arguments: JSON.stringify({ address: account.address }) }] },
    { content: `The wallet ${account.address} holds PKG.` },
    { content: 'PKG trades on Uniswap.' },
  );
  for (const question of [`What does ${account.address} hold?`, 'Where does PKG trade?']) {
    const res = await fetch(`${server.url}/v1/ask`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'holder' });
  }
  // The wallet tool did run with the address (the model got its answer in the second request).
  const toolTurns = d.openrouter.calls.flatMap((c) =>
    ((c.body?.messages ?? []) as { role: string }[]).filter((m) => m.role === 'tool'),
  );
  expect(JSON.stringify(toolTurns).toLowerCase()).toContain(account.address.slice(2).toLowerCase());

  // A refused sign-in: the message names the holder, a stranger signed it.
  const message = signInMessage(server.url, account, {
    nonce: await newNonce(server.url, headers),
    now: now(),
  });
  const refused = await postPass(
    server.url,
    { message, signature: await stranger.signMessage({ message }) },
    headers,
  );
  expect(refused.status).toBe(401);

  // An explanation of a verified contract.
  d.openrouter.structuredText = JSON.stringify({
    summary: 'A swap router.',
    functions: [{ signature: 'swap(uint256)', meaning: 'Swaps tokens.' }],
    flags: [],
  });
  const explained = await fetch(`${server.url}/v1/contract/${ROUTER}/explanation`, { headers: auth });
  expect(explained.status).toBe(200);

  await server.deps.limiter.flush();
  const { text, counterIds } = await everything();
  expect(counterIds.length).toBeGreaterThan(0);
  // The search does see what is stored: the explained contract's address is there.
  expect(text).toContain(ROUTER.slice(2).toLowerCase());
  for (const address of [account.address, stranger.address])
    expect(text.includes(address.slice(2).toLowerCase())).toBe(false);
  const plain = [account.address, account.address.toLowerCase()].flatMap((a) => {
    const hash = createHash('sha256').update(a).digest();
    return [hash.toString('hex'), hash.toString('base64url'), hash.toString('base64')];
  });
  for (const id of counterIds) for (const hash of plain) expect(id.includes(hash)).toBe(false);
});
