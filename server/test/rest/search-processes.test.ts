// Search across server processes (docs/browsing.md, "Search", "The index"): two apps on one store;
// what one publishes or yanks, the other's search shows within its index's refresh window (2 s
// and the refresh), while the one that wrote shows it at once.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INDEX_TTL_MS } from '../../src/services/registry/search/search-index.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { publishArchive } from '../helpers/packages.js';
import { buildCorpusPackage } from '../helpers/search-corpus.js';
import { startSharedStore, type SharedStore } from '../helpers/shared-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let store: SharedStore;
let a: TestServer;
let b: TestServer;
let token: string;

beforeAll(async () => {
  store = await startSharedStore();
  a = await startTestServer({ mongodbUri: store.uri });
  b = await startTestServer({ mongodbUri: store.uri });
  token = (await createUser(a.deps.registry, 'nimbus')).token.token;
});
afterAll(async () => {
  await a.close();
  await b.close();
  await store.stop();
});

const names = async (server: TestServer, q: string) =>
  (
    (await (await fetch(`${server.url}/packages/search?q=${q}`)).json()) as {
      results: { name: string; yanked?: boolean }[];
    }
  ).results.map((r) => (r.yanked ? `${r.name} (yanked)` : r.name));

/** How long until `server`'s search for `q` gives `expected` (asked again until it does, or 10 s). */
async function settles(server: TestServer, q: string, expected: string[]): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    if (JSON.stringify(await names(server, q)) === JSON.stringify(expected))
      return performance.now() - started;
    await delay(100); // asked at most 10 times a second: the public rate limit stays far
  }
  throw new Error(`search for ${q} never gave ${JSON.stringify(expected)}`);
}

test('a publish and a yank through one process show in the other within the refresh window', async () => {
  expect(await names(b, 'cirrus')).toEqual([]);
  const pkg = {
    namespace: 'nimbus',
    name: 'clouds',
    description: 'Names clouds.',
    skill: 'Looks up.',
    tools: [{ name: 'name', description: 'Names a cloud.', input: ['cirrus'], output: ['kind'] }],
  };
  expect((await publishArchive(a.url, token, (await buildCorpusPackage(pkg)).bytes)).status).toBe(201);
  expect(await names(a, 'cirrus')).toEqual(['@nimbus/clouds']);
  expect(await settles(b, 'cirrus', ['@nimbus/clouds'])).toBeLessThan(INDEX_TTL_MS + 3_000);
  const yank = await fetch(`${a.url}/packages/nimbus/clouds/1.0.0/yank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ reason: 'gone' }),
  });
  expect(yank.status).toBe(200);
  // Its only version yanked: still found, marked (docs/browsing.md, "What is searched").
  expect(await names(a, 'cirrus')).toEqual(['@nimbus/clouds (yanked)']);
  expect(await settles(b, 'cirrus', ['@nimbus/clouds (yanked)'])).toBeLessThan(INDEX_TTL_MS + 3_000);
}, 30_000);
