// The alert scheduler's leader lease (docs/bots.md, "Schedule") on a fake clock: one holder at a
// time; the holder renews; another takes over once the lease expires (term + 1) and the old holder
// is then refused; a release lets the next one in at once; concurrent takers end with one leader;
// a follower's tick runs no check.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { fakeClock } from '@pkg/shared/testing';
import { botDeps } from '../../src/wing-deps.js';
import { type BotDeps } from '../../src/services/bots/bot-deps.js';
import { createLease, LEASE_ID } from '../../src/services/bots/schedule/lease.js';
import { createScheduler } from '../../src/services/bots/schedule/scheduler.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let fc = fakeClock(Date.now());
const clock = () => new Date(fc.now());
const deps = (): BotDeps => botDeps(server.deps, { clock });

beforeAll(async () => {
  server = await startTestServer({ env: { PKG_LEASE_S: '30' }, clock });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  fc = fakeClock(Date.now());
  await server.deps.models.BotLease.deleteMany({});
  await server.deps.models.BotCursor.deleteMany({});
});

describe('the leader lease', () => {
  test('acquire, refuse, renew, expire and take over with term + 1', async () => {
    const a = createLease(deps(), 'A');
    const b = createLease(deps(), 'B');
    expect(await a.acquireOrRenew()).toMatchObject({ leader: true, holder: 'A', term: 1, acquired: true });
    expect(await b.acquireOrRenew()).toMatchObject({ leader: false, holder: 'A', term: 1 });

    fc.advance(20_000);
    expect(await a.acquireOrRenew()).toMatchObject({ leader: true, term: 1, acquired: false });
    fc.advance(20_000); // 40 s after the start, 20 s after the renewal: still A's
    expect(await b.acquireOrRenew()).toMatchObject({ leader: false, holder: 'A' });

    fc.advance(10_000); // exactly at expiry
    expect(await b.acquireOrRenew()).toMatchObject({ leader: true, holder: 'B', term: 2, acquired: true });
    expect(await a.acquireOrRenew()).toMatchObject({ leader: false, holder: 'B', term: 2 });
    const doc = await server.deps.models.BotLease.findById(LEASE_ID).lean();
    expect(doc).toMatchObject({
      holder: 'B',
      term: 2,
      acquiredAt: clock(),
      expiresAt: new Date(fc.now() + 30_000),
    });
  });

  test('a release lets the next holder in at once', async () => {
    const a = createLease(deps(), 'A');
    const b = createLease(deps(), 'B');
    await a.acquireOrRenew();
    expect(await b.acquireOrRenew()).toMatchObject({ leader: false });
    expect(await a.release()).toBe(true);
    expect(await b.release()).toBe(false);
    expect(await b.acquireOrRenew()).toMatchObject({ leader: true, holder: 'B', term: 2 });
  });

  test('concurrent takers: exactly one leader', async () => {
    const states = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((h) => createLease(deps(), h).acquireOrRenew()),
    );
    expect(states.filter((s) => s.leader)).toHaveLength(1);
    const leader = states.find((s) => s.leader)?.holder;
    expect(states.every((s) => s.holder === leader)).toBe(true);
  });

  test("a follower's tick runs no check; the leader's runs the due ones", async () => {
    const leader = createScheduler(deps(), { holder: 'A' });
    const follower = createScheduler(deps(), { holder: 'B' });
    expect(await leader.tick()).toEqual({ leader: true, ran: ['price', 'whales', 'burns', 'radar'] });
    expect(await follower.tick()).toEqual({ leader: false, ran: [] });
    // Nothing due yet.
    expect(await leader.tick()).toEqual({ leader: true, ran: [] });
    fc.advance(120_000);
    expect(await leader.tick()).toEqual({ leader: true, ran: ['price', 'whales', 'burns'] });
    const cursor = await server.deps.models.BotCursor.findById('price').lean();
    expect(cursor).toMatchObject({ lastRunBy: 'A', lastRunAt: clock() });
    await leader.stop();
    expect(await follower.tick()).toMatchObject({ leader: true });
  });
});
