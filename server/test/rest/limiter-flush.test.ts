// The request limiter while its counts are on their way to the store: hits decided during a flush
// still see the hits that flush carries, so one process never serves more than the limit in a
// window (infra/limiter.ts). A request that arrived while the store had not yet answered the flush
// used to be measured against the count before it, and slipped past the limit.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test('a limit of 3 allows 3 hits when a flush is under way between them, and then the 4th is refused', async () => {
  const { limiter } = server.deps;
  const key = 'flush-race-client';
  const allowed = (): boolean => limiter.hit(key, 3, 60_000).allowed;
  expect([allowed(), allowed()]).toEqual([true, true]);
  // the flush sends the two hits to the store and waits for its answer: these hits come before it
  const flushing = limiter.flush();
  expect([allowed(), allowed()]).toEqual([true, false]);
  await flushing;
  // after the store answered (2 counted), the process still holds its third hit
  expect(allowed()).toBe(false);
  await limiter.flush();
  expect(limiter.hit(key, 3, 60_000)).toMatchObject({ allowed: false, remaining: 0 });
});
